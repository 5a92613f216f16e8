import { createFileRoute } from '@tanstack/react-router';
import { PackUpload } from '../../features/packs/PackUpload';
import { searchParams, text, withDefault } from '../../lib/search-params';

export const Route = createFileRoute('/_app/packs/new')({
  validateSearch: searchParams({ lead: withDefault(text(), '') }),
  component: NewPackRoute,
});

function NewPackRoute() {
  const { lead } = Route.useSearch();
  return <PackUpload leadId={lead} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { PackUpload } from '../../features/packs/PackUpload';

export const Route = createFileRoute('/_app/packs/new')({
  validateSearch: (search: Record<string, unknown>): { lead: string } => ({
    lead: typeof search.lead === 'string' ? search.lead : '',
  }),
  component: NewPackRoute,
});

function NewPackRoute() {
  const { lead } = Route.useSearch();
  return <PackUpload leadId={lead} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { PackPage } from '../../features/packs/PackPage';

export const Route = createFileRoute('/_app/packs/$packId')({ component: PackRoute });

function PackRoute() {
  const { packId } = Route.useParams();
  return <PackPage packId={packId} />;
}

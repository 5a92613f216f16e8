import { createFileRoute } from '@tanstack/react-router';
import { SharedPackPage } from '../features/packs/SharedPackPage';

/** A prospect's shared evidence pack: public, read-only, by its link's token. */
export const Route = createFileRoute('/p/$token')({ component: SharedPackRoute });

function SharedPackRoute() {
  const { token } = Route.useParams();
  return <SharedPackPage token={token} />;
}

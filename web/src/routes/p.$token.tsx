import { createFileRoute } from '@tanstack/react-router';
import { NoIndex } from '../components/NoIndex';
import { SharedPackPage } from '../features/packs/SharedPackPage';

/** A prospect's shared evidence pack: public, read-only, by its link's token. */
export const Route = createFileRoute('/p/$token')({ component: SharedPackRoute });

function SharedPackRoute() {
  const { token } = Route.useParams();
  return (
    <>
      <NoIndex />
      <SharedPackPage token={token} />
    </>
  );
}

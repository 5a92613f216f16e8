import { createFileRoute } from '@tanstack/react-router';
import { NoIndex } from '../components/NoIndex';
import { UnsubscribePage } from '../features/leads/UnsubscribePage';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return (
    <>
      <NoIndex />
      <UnsubscribePage token={token} />
    </>
  );
}

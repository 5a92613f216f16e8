import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../features/leads/UnsubscribePage';
import { searchParams, text, withDefault } from '../lib/search-params';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: searchParams({ token: withDefault(text(), '') }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}

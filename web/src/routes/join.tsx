import { createFileRoute } from '@tanstack/react-router';
import { JoinInvitation } from '../features/invitations/JoinInvitation';
import { searchParams, text } from '../lib/search-params';

export const Route = createFileRoute('/join')({
  validateSearch: searchParams({ token: text() }),
  component: JoinRoute,
});

function JoinRoute() {
  const { token } = Route.useSearch();
  return <JoinInvitation token={token} variant="join" />;
}

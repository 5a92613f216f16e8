import { createFileRoute } from '@tanstack/react-router';
import { NoIndex } from '../components/NoIndex';
import { JoinInvitation } from '../features/invitations/JoinInvitation';

/** The router reads query values as JSON where it can: a token is always kept as the text it was. */
function tokenParam(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export const Route = createFileRoute('/join')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = tokenParam(search.token);
    return token === undefined ? {} : { token };
  },
  component: JoinRoute,
});

function JoinRoute() {
  const { token } = Route.useSearch();
  return (
    <>
      <NoIndex />
      <JoinInvitation token={token} variant="join" />
    </>
  );
}

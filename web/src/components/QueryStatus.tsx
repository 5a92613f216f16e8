import { Alert, Spinner } from './ui';

/** What a query shows while it loads and when it fails: the spinner, then the server's message. */
export function QueryStatus({ query }: { query: { isLoading: boolean; error: { message: string } | null } }) {
  return (
    <>
      {query.isLoading && <Spinner />}
      {query.error && <Alert tone="error">{query.error.message}</Alert>}
    </>
  );
}

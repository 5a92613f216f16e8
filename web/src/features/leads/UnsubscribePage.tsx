import { Link } from '@tanstack/react-router';
import { LinkPage } from '../../components/LinkPage';
import { Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * The morning digest's unsubscribe link. A button, not the visit itself: mail scanners open links, and a visit must
 * not change anything.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const stop = trpc.alerts.unsubscribe.useMutation();
  return (
    <LinkPage>
      <h1 className="text-xl font-bold">Morning digest</h1>
      {stop.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Done: you will no longer get the morning digest. Leads that move are still flagged in{' '}
          <Link to="/leads" className="font-semibold text-brand-700 hover:underline">
            My Leads
          </Link>
          , where you can turn the digest back on.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Stop the e-mail that lists, on mornings when it happens, the leads whose saving moved overnight.
          </p>
          {stop.isError && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {errorMessage(stop.error)}
            </p>
          )}
          <Button className="mt-4" onClick={() => stop.mutate({ token })} disabled={stop.isPending || !token}>
            Stop the morning digest
          </Button>
        </>
      )}
    </LinkPage>
  );
}

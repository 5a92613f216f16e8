import { UNLOCK_MESSAGES } from '@pippitch/shared/sign-in-unlock';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LinkPage, LinkRefused, WAY_ON_CLASS } from '../../components/LinkPage';
import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/** The token arrives in the URL hash (#token=…), never in the query string, so no server log or Referer sees it. */
function tokenFromHash(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
}

/**
 * The e-mailed unlock link (issue 30 §2). It acts only on a click, so a mail scanner that opens links cannot spend
 * it (or make its own browser the known device).
 */
export function UnlockSignInPage() {
  const token = useMemo(tokenFromHash, []);
  const unlock = trpc.auth.unlockSignIn.useMutation();
  return (
    <LinkPage>
      <h1 className="text-2xl font-bold">Unlock sign-in</h1>
      {!token ? (
        <LinkRefused message={UNLOCK_MESSAGES.invalid}>
          <Link to="/login" className={WAY_ON_CLASS}>
            Back to Login
          </Link>
        </LinkRefused>
      ) : unlock.isSuccess ? (
        <div className="mt-4 space-y-4">
          <Alert tone="success">{unlock.data.message}</Alert>
          <Link to="/login" className={WAY_ON_CLASS}>
            Sign in
          </Link>
        </div>
      ) : unlock.isError ? (
        <LinkRefused message={errorMessage(unlock.error)}>
          <Link to="/login" className={WAY_ON_CLASS}>
            Back to Login
          </Link>
        </LinkRefused>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-600">
            Open this page in the browser you want to sign in on. This browser will then sign in with your password even
            while strangers' wrong guesses keep new browsers locked out.
          </p>
          <Button className="w-full" disabled={unlock.isPending} onClick={() => unlock.mutate({ token })}>
            {unlock.isPending ? 'Unlocking...' : 'Unlock sign-in on this browser'}
          </Button>
        </div>
      )}
    </LinkPage>
  );
}

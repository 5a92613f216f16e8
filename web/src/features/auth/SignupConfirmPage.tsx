import { companyStep, MESSAGES } from '@pippitch/shared/auth';
import { TRIAL_DAYS } from '@pippitch/shared/pricing';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { LinkPage, LinkRefused, WAY_ON_CLASS } from '../../components/LinkPage';
import { Alert, Button, Spinner, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { resetSessionCache } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** The token arrives in the URL hash (#token=…), so it never reaches a server log or a Referer header. */
function tokenFromHash(): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
}

/**
 * The link from the sign-up e-mail (verify-first signup). Opening it asks for one press rather than creating
 * the account on load, so a mail scanner that follows links cannot start someone's trial.
 */
export function SignupConfirmPage() {
  const navigate = useNavigate();
  const token = useMemo(tokenFromHash, []);
  const check = trpc.auth.checkSignupLink.useQuery({ token: token ?? '' }, { enabled: Boolean(token), retry: false });
  const confirm = trpc.auth.confirmSignup.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [newName, setNewName] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    let companyName: string | undefined;
    if (newName !== null) {
      const parsed = companyStep.shape.companyName.safeParse(newName);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MESSAGES.companyTaken);
      companyName = parsed.data;
    }
    try {
      await confirm.mutateAsync({ token: token ?? '', ...(companyName && { companyName }) });
      resetSessionCache();
      await navigate({ to: '/signup-success' });
    } catch (err) {
      const message = errorMessage(err, 'Failed to create account. Please try again.');
      setError(message);
      // Someone took the company's name since the form was sent: choose another, the link still works.
      if (message === MESSAGES.companyTaken) setNewName((n) => n ?? check.data?.companyName ?? '');
    }
  }

  const invalid = !token || check.data?.valid === false || check.isError;
  return (
    <LinkPage>
      <h1 className="text-2xl font-bold">Confirm your e-mail</h1>
      {token && check.isLoading ? (
        <Spinner label="Checking your link..." />
      ) : invalid ? (
        <LinkRefused message={MESSAGES.invalidSignupLink}>
          <Link to="/signup" search={{ plan: 'monthly' }} className={WAY_ON_CLASS}>
            Sign up again
          </Link>
        </LinkRefused>
      ) : (
        <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
          <p className="text-sm text-slate-700">
            Your address is confirmed by this link. Start the {TRIAL_DAYS}-day free trial for{' '}
            <strong>{newName ?? check.data?.companyName}</strong>: your account is created and you are signed in.
          </p>
          {newName !== null && (
            <TextField label="Company Name" value={newName} onChange={(e) => setNewName(e.target.value)} />
          )}
          {error && <Alert tone="error">{error}</Alert>}
          {error === MESSAGES.emailTaken && (
            <Link to="/login" className="block text-center text-sm font-medium text-brand-700 underline">
              Sign in instead
            </Link>
          )}
          <Button type="submit" className="w-full" disabled={confirm.isPending}>
            {confirm.isPending ? 'Creating account...' : 'Start Free Trial'}
          </Button>
        </form>
      )}
    </LinkPage>
  );
}

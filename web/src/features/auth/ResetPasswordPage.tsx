import { MESSAGES, newPasswordInput } from '@pippitch/shared/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { CheckedLinkPage, WAY_ON_CLASS } from '../../components/LinkPage';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { textBinding } from '../../lib/form-binding';
import { trpc } from '../../lib/trpc';

/** The token arrives in the URL hash (access_token=…&type=recovery), never in the query string. */
function tokenFromHash(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('type') === 'recovery' ? params.get('access_token') : null;
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useMemo(tokenFromHash, []);
  const check = trpc.auth.checkResetToken.useQuery({ token: token ?? '' }, { enabled: Boolean(token), retry: false });
  const reset = trpc.auth.resetPassword.useMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = newPasswordInput.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.passwordTooShort);
      return;
    }
    try {
      const res = await reset.mutateAsync({ token: token ?? '', password });
      setDone(res.message);
      setTimeout(() => void navigate({ to: '/login' }), 1500);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <CheckedLinkPage
      title="Set a new password"
      token={token}
      check={check}
      refused={MESSAGES.invalidResetLink}
      wayOn={
        <Link to="/login" className={WAY_ON_CLASS}>
          Back to Login
        </Link>
      }
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <NewPasswordFields
          label="New Password"
          password={textBinding(password, setPassword)}
          confirm={textBinding(confirmPassword, setConfirmPassword)}
        />
        {error && <Alert tone="error">{error}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <Button type="submit" className="w-full" disabled={reset.isPending || Boolean(done)}>
          {reset.isPending ? 'Updating...' : 'Update Password'}
        </Button>
        {error === MESSAGES.invalidResetLink && (
          <Link to="/login" className="block text-center text-sm font-medium text-brand-700 underline">
            Back to Login
          </Link>
        )}
      </form>
    </CheckedLinkPage>
  );
}

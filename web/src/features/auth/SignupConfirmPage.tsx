import { confirmSignupInput, MESSAGES } from '@pippitch/shared/auth';
import { TRIAL_DAYS } from '@pippitch/shared/pricing';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { CheckedLinkPage, WAY_ON_CLASS } from '../../components/LinkPage';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Alert, Button, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { textBinding } from '../../lib/form-binding';
import { resetSessionCache } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** The token arrives in the URL hash (#token=…), so it never reaches a server log or a Referer header. */
function tokenFromHash(): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
}

type Field = 'companyName' | 'password' | 'confirmPassword';
const SIGNUP_HINT = 'At least 8 characters with uppercase, lowercase, a number and a special character.';

/**
 * The link from the sign-up e-mail (verify-first signup). Here, and only here, the owner chooses the password and
 * confirms the company's name (issue 30): whoever opens the link holds the mailbox, so nobody else can choose
 * either. Nothing is created on load, so a mail scanner that follows links cannot start someone's trial.
 */
export function SignupConfirmPage() {
  const navigate = useNavigate();
  const token = useMemo(tokenFromHash, []);
  const check = trpc.auth.checkSignupLink.useQuery({ token: token ?? '' }, { enabled: Boolean(token), retry: false });
  const confirm = trpc.auth.confirmSignup.useMutation();
  const [companyName, setCompanyName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [answered, setAnswered] = useState(0);
  const name = companyName ?? check.data?.companyName ?? '';

  // The password is the first thing to type: focus it once the link is known to work; after an answer, the
  // first field marked wrong.
  const ready = check.data?.valid === true;
  useEffect(() => {
    if (!ready) return;
    const root = form.current;
    const wrong = answered > 0 ? root?.querySelector<HTMLInputElement>('[aria-invalid="true"]') : null;
    (wrong ?? root?.querySelector<HTMLInputElement>('input[type="password"]'))?.focus();
  }, [ready, answered]);

  /** A field's message goes once the person types in it again. */
  const typed = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((x) => ({ ...x, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = confirmSignupInput.safeParse({ token: token ?? '', companyName: name, password, confirmPassword });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'companyName' || key === 'password' || key === 'confirmPassword') found[key] ??= issue.message;
        else setError(issue.message);
      }
      setErrors(found);
      setAnswered((n) => n + 1);
      return;
    }
    setErrors({});
    try {
      await confirm.mutateAsync(parsed.data);
      resetSessionCache();
      await navigate({ to: '/signup-success' });
    } catch (err) {
      const message = errorMessage(err, 'Failed to create account. Please try again.');
      // Someone took the company's name since the form was sent: choose another, the link still works.
      if (message === MESSAGES.companyTaken) setErrors({ companyName: message });
      else setError(message);
      setAnswered((n) => n + 1);
    }
  }

  return (
    <CheckedLinkPage
      title="Set up your account"
      token={token}
      check={check}
      refused={MESSAGES.invalidSignupLink}
      wayOn={
        <Link to="/signup" search={{ plan: 'monthly' }} className={WAY_ON_CLASS}>
          Sign up again
        </Link>
      }
    >
      <form ref={form} onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          Your address <strong className="break-all">{check.data?.email}</strong> is confirmed by this link. Choose your
          password and check your company's name: your account and the {TRIAL_DAYS}-day free trial start when you press
          Start Free Trial, and you are signed in.
        </p>
        {/* For password managers: the account's user name beside the new password. */}
        <input type="hidden" autoComplete="username" value={check.data?.email ?? ''} readOnly />
        <TextField
          label="Company Name"
          autoComplete="organization"
          value={name}
          error={errors.companyName}
          onChange={(e) => typed('companyName', setCompanyName)(e.target.value)}
        />
        <NewPasswordFields
          hint={SIGNUP_HINT}
          password={{ ...textBinding(password, typed('password', setPassword)), error: errors.password }}
          confirm={{
            ...textBinding(confirmPassword, typed('confirmPassword', setConfirmPassword)),
            error: errors.confirmPassword,
          }}
        />
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
    </CheckedLinkPage>
  );
}

import { accountBadge, invitationToken, JOIN_MESSAGES, joinForm } from '@pippitch/shared/invitations';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LinkPage, WAY_ON_CLASS } from '../../components/LinkPage';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Alert, Button, Spinner, TextField } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { formBinding } from '../../lib/form-binding';
import { resetSessionCache } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type Field = 'firstName' | 'password' | 'confirmPassword';

/**
 * Accepting an invitation (spec §2 Join; also /signup?invitation=…, which shows 'Accept Invitation' above it and
 * 'Invalid Invitation' with 'Return to Home' when the link cannot be used). The new member is signed in and sent
 * to /admin or /calculator by their role.
 */
export function JoinInvitation({ token, variant }: { token: string | undefined; variant: 'join' | 'signup' }) {
  const navigate = useNavigate();
  const wellFormed = token !== undefined && invitationToken.safeParse(token).success;
  const lookup = trpc.join.invitation.useQuery(
    { token: token ?? '' },
    { enabled: wellFormed, retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const accept = trpc.join.accept.useMutation();
  const [form, setForm] = useState<Record<Field, string>>({ firstName: '', password: '', confirmPassword: '' });
  const [fieldError, setFieldError] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const linkProblem = !wellFormed
    ? JOIN_MESSAGES.invalidLink
    : lookup.error
      ? failureMessage(lookup.error, 'Failed to load invitation')
      : null;

  const set = (key: Field, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setFieldError((e) => ({ ...e, [key]: undefined }));
  };
  const field = formBinding(form, fieldError, set);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = joinForm.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFieldError({ [String(issue?.path[0] ?? 'firstName') as Field]: issue?.message });
      return;
    }
    try {
      const res = await accept.mutateAsync({ token: token ?? '', ...form });
      resetSessionCache();
      await navigate({ to: res.redirectTo });
    } catch (err) {
      setError(failureMessage(err, JOIN_MESSAGES.failed));
    }
  }

  return (
    <LinkPage>
      {wellFormed && lookup.isLoading ? (
        <Spinner label="Checking your invitation..." />
      ) : linkProblem || !lookup.data ? (
        <div className="space-y-4">
          <h1 className="text-2xl font-bold">{JOIN_MESSAGES.invalidInvitation}</h1>
          <Alert tone="error">{linkProblem ?? JOIN_MESSAGES.invalidLink}</Alert>
          <p className="text-sm text-slate-600">
            Ask the person who invited you to send the invitation again. Already a member?{' '}
            <Link to="/login" className="font-medium text-brand-700 underline">
              Sign In
            </Link>
          </p>
          <Link to="/" className={WAY_ON_CLASS}>
            Return to Home
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div>
            {variant === 'signup' && (
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Accept Invitation</p>
            )}
            <h1 className="text-2xl font-bold break-words">Join {lookup.data.companyName}</h1>
            <span
              className={`mt-2 inline-block rounded-full px-3 py-1 text-xs font-semibold ${lookup.data.role === 'admin' ? 'bg-brand-100 text-brand-800' : 'bg-sky-100 text-sky-800'}`}
            >
              {accountBadge(lookup.data.role)}
            </span>
          </div>
          <TextField label="Email" type="email" value={lookup.data.email} disabled readOnly />
          <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
          <NewPasswordFields
            hint="At least 8 characters"
            password={field('password')}
            confirm={field('confirmPassword')}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={accept.isPending}>
            {accept.isPending ? 'Creating Account...' : 'Create Account'}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-brand-700 underline">
              Sign In
            </Link>
          </p>
        </form>
      )}
    </LinkPage>
  );
}

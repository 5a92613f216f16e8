import { MESSAGES } from '@pippitch/shared/auth';
import { CHECKOUT_MESSAGES } from '@pippitch/shared/checkout';
import { UNLOCK_MESSAGES } from '@pippitch/shared/sign-in-unlock';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Segmented } from '../../components/Segmented';
import { Alert, Button, Card, Logo, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { textBinding } from '../../lib/form-binding';
import { useHydrated } from '../../lib/hydrated';
import { resetSessionCache } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type Mode = 'user' | 'admin';

/** Only same-site paths are followed after sign-in, never an absolute URL from the query string. */
function safeRedirect(target: string | undefined, fallback: string, mode: Mode): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return fallback;
  if (mode === 'user' && target.startsWith('/admin')) return fallback;
  return target;
}

export function LoginPage() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const search = useSearch({ from: '/login' });
  const [mode, setMode] = useState<Mode>('user');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Refused for too many failures: the owner of the address may unlock this browser by e-mail (issue 30 §2).
  const [locked, setLocked] = useState(false);

  const login = trpc.auth.login.useMutation();
  const reset = trpc.auth.requestPasswordReset.useMutation();
  const unlock = trpc.auth.requestSignInUnlock.useMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setNotice(null);
    setLocked(false);
    if (!email.trim() || !password) {
      setError(MESSAGES.loginMissing);
      return;
    }
    try {
      const res = await login.mutateAsync({ email, password, mode });
      resetSessionCache();
      await navigate({ to: safeRedirect(search.redirect, res.redirectTo, mode) });
    } catch (err) {
      setError(errorMessage(err));
      setLocked(errorMessage(err) === MESSAGES.tooManyAttempts);
    }
  }

  async function askUnlock() {
    setError(null);
    setLocked(false);
    try {
      setNotice((await unlock.mutateAsync({ email })).message);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function forgot() {
    setError(null);
    setNotice(null);
    if (!email.trim()) {
      setError(MESSAGES.emailFirst);
      return;
    }
    try {
      const res = await reset.mutateAsync({ email });
      setNotice(res.message);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-between">
          <Link to="/" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label="Back to home">
            ← Back
          </Link>
          <Logo />
          <span className="w-14" />
        </div>
        <Card>
          <h1 className="text-2xl font-bold">Sign in</h1>
          <p className="mt-1 text-sm text-slate-600">Welcome back. Choose how you want to sign in.</p>
          {/* Disabled until React has adopted the prerendered page (lib/hydrated.ts). */}
          <fieldset disabled={!hydrated} className="min-w-0">
            <Segmented<Mode>
              legend="Sign in as"
              className="mt-5"
              value={mode}
              onChange={setMode}
              options={[
                { value: 'user', label: 'User' },
                { value: 'admin', label: 'Admin' },
              ]}
            />
            <form onSubmit={submit} className="mt-5 space-y-4" noValidate>
              <TextField label="Email" type="email" autoComplete="email" {...textBinding(email, setEmail)} />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                {...textBinding(password, setPassword)}
              />
              <div className="flex items-center justify-between gap-3 text-sm">
                <label className="flex items-center gap-2 text-slate-600">
                  <input type="checkbox" checked disabled className="h-4 w-4 accent-brand-700" />
                  You'll stay signed in for 7 days
                </label>
                <button
                  type="button"
                  onClick={forgot}
                  disabled={reset.isPending}
                  className="shrink-0 font-medium text-brand-700 hover:underline"
                >
                  Forgot password?
                </button>
              </div>
              {/* Sent here from a page that needs a sign-in (spec §2 Checkout: 'Please log in to continue'). */}
              {search.redirect && !error && !notice && <Alert tone="info">{CHECKOUT_MESSAGES.signIn}</Alert>}
              {error && <Alert tone="error">{error}</Alert>}
              {locked && (
                <div className="space-y-2 text-sm text-slate-600">
                  <p>{UNLOCK_MESSAGES.offer}</p>
                  <Button type="button" variant="secondary" onClick={askUnlock} disabled={unlock.isPending}>
                    {UNLOCK_MESSAGES.button}
                  </Button>
                </div>
              )}
              {notice && <Alert tone="success">{notice}</Alert>}
              <Button type="submit" className="w-full" disabled={login.isPending}>
                {login.isPending ? 'Signing in...' : mode === 'user' ? 'Sign In as User' : 'Sign In as Admin'}
              </Button>
            </form>
          </fieldset>
          <p className="mt-6 text-center text-sm text-slate-600">
            New to PipPitch?{' '}
            <Link to="/pricing" className="font-semibold text-brand-700 hover:underline">
              Sign Up
            </Link>
          </p>
        </Card>
      </div>
    </main>
  );
}

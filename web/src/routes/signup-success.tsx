import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { buttonClass, Card, Logo, Spinner } from '../components/ui';
import { useSupportEmail } from '../lib/operator';
import { formatDate } from '../lib/product';
import { loadSession } from '../lib/route-guard';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/signup-success')({
  beforeLoad: async () => {
    if (!(await loadSession())) throw redirect({ to: '/login' });
  },
  component: SignupSuccess,
});

function SignupSuccess() {
  const summary = trpc.company.summary.useQuery();
  const supportEmail = useSupportEmail();
  return (
    <div className="min-h-screen px-4 py-10">
      <div className="mx-auto max-w-xl">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <Card className="text-center">
          <div
            className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
            aria-hidden
          >
            ✓
          </div>
          <h1 className="text-2xl font-bold">Account Successfully Created!</h1>
          {summary.isLoading ? (
            <Spinner />
          ) : (
            <div className="mt-4 space-y-4 text-left text-sm text-slate-700">
              <p className="rounded-lg bg-brand-50 p-4 text-brand-900">
                Your free trial for <strong>{summary.data?.name}</strong> is active until{' '}
                <strong data-testid="trial-end">{formatDate(summary.data?.trialEndsAt)}</strong>. No card is needed
                during the trial.
              </p>
              <p>
                New here? Read{' '}
                <Link to="/" hash="how-it-works" className="font-medium text-brand-700 underline">
                  how PipPitch works
                </Link>{' '}
                for a three-step guide to your first pitch.
              </p>
              <p>
                When the trial ends, choose a monthly or annual plan from Account Management to keep your team's access.
                Without a plan the account is locked, and your data is kept so you can continue later.
              </p>
              <p>
                Questions? Write to{' '}
                <a
                  href={`mailto:${supportEmail}`}
                  className="font-medium text-brand-700 underline"
                  data-testid="support-email"
                >
                  {supportEmail}
                </a>
                .
              </p>
            </div>
          )}
          <Link to="/admin" className={`mt-6 ${buttonClass()}`}>
            Go to Dashboard
          </Link>
        </Card>
      </div>
    </div>
  );
}

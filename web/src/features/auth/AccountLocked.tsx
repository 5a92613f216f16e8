import { Link } from '@tanstack/react-router';
import { LockIcon } from '../../components/Icon';
import { TopBar } from '../../components/TopBar';
import { buttonClass, Card } from '../../components/ui';
import { formatDate } from '../../lib/product';
import type { SignedIn } from '../../lib/session';

export function AccountLocked({ session }: { session: SignedIn }) {
  return (
    <div className="min-h-screen">
      <TopBar session={session} items={[{ label: 'Home', to: '/' }]} />
      <main className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <div
            className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700"
            aria-hidden
          >
            <LockIcon />
          </div>
          <h1 className="text-2xl font-bold">Account Locked</h1>
          <p className="mt-3 text-sm text-slate-600">
            The subscription for {session.company.name} has ended, so PipPitch is locked for your team.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            {session.company.dataKeptUntil ? (
              <>
                Your data is kept until <strong>{formatDate(session.company.dataKeptUntil)}</strong>, then deleted.
                Start a new subscription before then to pick up where you left off.
              </>
            ) : (
              'Your data is kept: start a new subscription to pick up where you left off.'
            )}
          </p>
          <Link to="/checkout" className={`mt-6 ${buttonClass()}`}>
            Start New Subscription
          </Link>
        </Card>
      </main>
    </div>
  );
}

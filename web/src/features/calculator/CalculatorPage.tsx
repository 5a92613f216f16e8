import { getRouteApi } from '@tanstack/react-router';
import { TopBar } from '../../components/TopBar';
import { Card } from '../../components/ui';

const route = getRouteApi('/_app');

export const CALCULATOR_NAV = [
  { label: 'Home', to: '/' },
  { label: 'My Leads', to: '/leads' },
  { label: 'Dashboard', to: '/admin', adminOnly: true },
];

export function CalculatorPage() {
  const { session } = route.useRouteContext();
  return (
    <div className="min-h-screen">
      <TopBar session={session} items={CALCULATOR_NAV} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold">FX Savings Calculator</h1>
        <Card className="mt-6">
          <p className="text-sm text-slate-600">Welcome, {session.user.fullName}.</p>
        </Card>
      </main>
    </div>
  );
}

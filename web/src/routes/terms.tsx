import { createFileRoute, Link } from '@tanstack/react-router';
import { TermsText } from '../features/marketing/legal';

export const Route = createFileRoute('/terms')({ component: Page });

function Page() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/"
        className="inline-flex rounded-lg px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-white"
      >
        ← Back to home
      </Link>
      <h1 className="mt-6 text-3xl font-bold">Terms of Service</h1>
      <div className="prose mt-6 space-y-4 text-slate-700">
        <TermsText />
      </div>
    </main>
  );
}

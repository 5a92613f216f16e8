import { createFileRoute, Link } from '@tanstack/react-router';
import { Faq } from '../features/marketing/Faq';
import { PricingTable } from '../features/marketing/PricingTable';
import { SiteFooter, SiteNav } from '../features/marketing/SiteNav';

export const Route = createFileRoute('/pricing')({ component: Pricing });

function Pricing() {
  return (
    <div className="min-h-screen">
      <SiteNav />
      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <Link to="/" className="text-sm text-slate-600 hover:underline">
          ← Back
        </Link>
        <h1 className="mt-4 text-center text-3xl font-bold sm:text-4xl">Simple per-seat pricing</h1>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Every plan includes live FX rates, historical data, savings calculations and the Salesforce integration.
          Bigger teams pay less per seat.
        </p>
        <div className="mt-10">
          <PricingTable heading="h2" />
        </div>
        {/* The trial's limits (issue 30) are answered here as well as on the landing page. */}
        <section className="mx-auto mt-14 max-w-3xl" aria-labelledby="pricing-faq">
          <h2 id="pricing-faq" className="mb-6 text-center text-2xl font-bold">
            Frequently asked questions
          </h2>
          <Faq />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

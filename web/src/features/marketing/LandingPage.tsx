import { Link } from '@tanstack/react-router';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui';
import { WhenNear } from '../../components/WhenNear';
import { memberHome, usePublicSession } from '../../lib/public-session';
import { HeroExampleCard } from './HeroExampleCard';
import { SiteFooter, SiteNav } from './SiteNav';

const FEATURES = [
  [
    'Real-Time FX Comparisons',
    'Live rates for GBP and EUR pairs beside your rate and the competitor’s, refreshed every 30 seconds.',
  ],
  [
    'Instant PIPs & Savings',
    'Price difference, pips, cost per trade and annual savings the moment you press Calculate.',
  ],
  ['Team Access & Discounts', 'Seats for brokers and admins, with lower per-seat prices as the team grows.'],
  ['Confidence Builder', 'Exact figures to quote on the call, so every pitch lands with numbers the client can trust.'],
  [
    'Historical FX Comparisons',
    'Minute-level rates since September 2024: show what the client paid on the day they traded.',
  ],
] as const;

// Below the fold: their code comes when they are near (<WhenNear>); their HTML is prerendered.
const LandingCalculator = lazy(() => import('./LandingCalculator').then((m) => ({ default: m.LandingCalculator })));
const HistoricalDemo = lazy(() => import('./HistoricalDemo').then((m) => ({ default: m.HistoricalDemo })));
const PricingTable = lazy(() => import('./PricingTable').then((m) => ({ default: m.PricingTable })));
const Faq = lazy(() => import('./Faq').then((m) => ({ default: m.Faq })));

const STEPS = [
  ['Input Deal Details', 'Enter the client’s current rate, the amount and how often they trade.'],
  ['See Instant Savings', 'PipPitch compares it with your rate and shows the saving per trade and per year.'],
  ['Save Your Lead', 'Every pitch is kept with the client’s name, ready for follow-up and similar companies.'],
] as const;

const ADDON_CARDS = [
  ['Company Finder', 'Find UK companies like the one you just pitched and keep a lead list for the team.'],
  ['Client Data Tracking', 'Monthly PDF reports of client activity, scheduled and sent automatically.'],
] as const;

/** Titled cards in a grid (the features, the add-ons); `grid`, `card` and `heading` give each its look. */
function CardGrid({
  items,
  grid,
  card,
  heading,
}: {
  items: readonly (readonly [string, string])[];
  grid: string;
  card: string;
  heading: string;
}) {
  return (
    <div className={`mt-8 grid gap-5 ${grid}`}>
      {items.map(([title, text]) => (
        <div key={title} className={card}>
          <h3 className={heading}>{title}</h3>
          <p className="mt-2 text-sm text-slate-600">{text}</p>
        </div>
      ))}
    </div>
  );
}

/**
 * A band of the page under its centred title (and `intro`): full width on slate when `tinted`, else the column
 * alone. Its content is `children`, or a below-the-fold `section` that loads when near, `gap` under the title.
 */
function Band({
  title,
  intro,
  id,
  tinted = false,
  width = 'max-w-7xl',
  gap = 'mt-8',
  section,
  children,
}: {
  title: string;
  intro?: string;
  id?: string;
  tinted?: boolean;
  width?: string;
  gap?: string;
  section?: ComponentType;
  children?: ReactNode;
}) {
  const column = `mx-auto ${width} px-4 py-16 sm:px-6`;
  const body = (
    <>
      <h2 className="text-center text-3xl font-bold">{title}</h2>
      {intro && <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">{intro}</p>}
      {section && (
        <div className={gap}>
          <WhenNear section={section} />
        </div>
      )}
      {children}
    </>
  );
  return tinted ? (
    <section id={id} className="bg-slate-50">
      <div className={column}>{body}</div>
    </section>
  ) : (
    <section id={id} className={`${column} ${id ? 'scroll-mt-20' : ''}`}>
      {body}
    </section>
  );
}

export function LandingPage() {
  const current = usePublicSession();
  const s = current.known ? current.session : null;
  return (
    <div className="min-h-screen bg-white">
      <SiteNav />
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:py-20">
            <div>
              <h1 className="text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl">
                Empower Your Brokers to Close More FX Deals with Real-Time Pitch Intelligence
              </h1>
              <p className="mt-5 text-lg text-slate-600">
                Show a prospect, while you are still on the call, exactly what they would save by switching to you.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to={s ? memberHome(s).to : '/pricing'} className={buttonClass('primary', 'lg')}>
                  {s ? `Go to ${memberHome(s).label}` : 'Sign Up Now'}
                </Link>
                <a
                  href="#how-it-works"
                  className="rounded-lg px-6 py-3 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                >
                  How it works
                </a>
              </div>
            </div>
            <HeroExampleCard />
          </div>
        </section>

        <section className="border-y border-slate-200 bg-slate-50">
          <div className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-6 text-center text-sm font-medium text-slate-700 sm:px-6 md:grid-cols-4">
            <span>Live rates every 30 s</span>
            <span>6 currency pairs</span>
            <span>History since Sept 2024</span>
            <span>60-day free trial</span>
          </div>
        </section>

        <section className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
          <div className="rounded-2xl bg-red-50 p-6">
            <h2 className="text-xl font-bold text-red-900">The problem</h2>
            <p className="mt-2 text-red-900/80">
              Prospects rarely know what their bank’s spread costs them. Brokers work it out by hand, mid-call, and the
              moment passes.
            </p>
          </div>
          <div className="rounded-2xl bg-green-50 p-6">
            <h2 className="text-xl font-bold text-green-900">The solution</h2>
            <p className="mt-2 text-green-900/80">
              PipPitch turns the client’s rate into a saving in pounds per trade and per year, backed by live and
              historical market data.
            </p>
          </div>
        </section>

        <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold">Everything a broker needs on the call</h2>
          <CardGrid
            items={FEATURES}
            grid="sm:grid-cols-2 lg:grid-cols-5"
            card="rounded-2xl border border-slate-200 p-5"
            heading="font-semibold text-brand-800"
          />
        </section>

        <Band title="Add-ons" tinted>
          <CardGrid
            items={ADDON_CARDS}
            grid="md:grid-cols-2"
            card="rounded-2xl bg-white p-6 shadow-sm"
            heading="text-lg font-semibold"
          />
        </Band>

        <Band id="how-it-works" title="How It Works">
          <ol className="mt-8 grid gap-5 md:grid-cols-3">
            {STEPS.map(([title, text], i) => (
              <li key={title} className="rounded-2xl border border-slate-200 p-6">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
        </Band>

        <Band
          title="Try the calculator"
          intro="The same maths as the product: type a client’s rate and see the saving."
          tinted
          section={LandingCalculator}
        />
        <Band
          id="historical-demo"
          title="Prove it with history"
          intro="Find the rate at any minute since September 2024 and show the client what they paid."
          section={HistoricalDemo}
        />
        <Band title="Pricing" width="max-w-6xl" tinted section={PricingTable} />
        <Band title="Frequently asked questions" width="max-w-3xl" gap="mt-6" section={Faq} />
      </main>
      <SiteFooter />
    </div>
  );
}

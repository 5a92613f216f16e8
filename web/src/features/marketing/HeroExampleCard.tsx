// The landing hero's worked example, a static card: the spec's demo values (GBP/USD live 1.3556, $500,000 bought,
// 52 trades a year) and their figures. The working calculator is LandingCalculator, further down the page.
export const DEMO = {
  yourRate: '1.3556',
  competitorRate: '1.3420',
  amount: '500000',
  tradesPerYear: 52,
  marginPips: 0,
};

/**
 * The amount and what the shared calculator gives for DEMO, written out so the hero does not load the decimal maths before the
 * page is on screen (issue 13's budget); web/test/demo-calculator.test.ts recomputes them with the shared maths.
 */
export const DEMO_AMOUNT = '$500,000';
export const DEMO_RESULT: [label: string, value: string][] = [
  ['Price Difference', '-0.0136'],
  ['Pips', '136.0'],
  ['Savings Per Trade', '£3,737.88'],
  ['Annual Savings', '£194,369.53'],
];

/** The hero's card: the demo inputs and their figures, read-only. */
export function HeroExampleCard() {
  const rows = DEMO_RESULT;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg" aria-label="Demo calculator">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Savings Calculator</h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Demo</span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <Field label="Currency Pair" value="GBP/USD" />
        <Field label="Market Rate (sample)" value={DEMO.yourRate} />
        <Field label="Your Rate" value={DEMO.yourRate} />
        <Field label="Competitor Rate" value={DEMO.competitorRate} />
        <Field label="Amount to Buy (USD)" value={DEMO_AMOUNT} />
        <Field label="Trades Per Year" value={String(DEMO.tradesPerYear)} />
      </dl>
      <div className="mt-5 grid grid-cols-2 gap-3 rounded-xl bg-green-50 p-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <p className="text-xs text-green-800">{label}</p>
            <p className="text-lg font-bold text-green-700">{value}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-medium">{value}</dd>
    </div>
  );
}

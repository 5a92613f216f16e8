import { seatPricingSentence, TRIAL_DAYS } from '@pippitch/shared/pricing';
import { trialLimitsAnswer } from '@pippitch/shared/trial-limits';
import { useState } from 'react';
import { useHydrated } from '../../lib/hydrated';

const ITEMS = [
  [
    'Do I need a card for the trial?',
    `No. The ${TRIAL_DAYS}-day trial is free and needs no card. Choose a plan before it ends to keep access.`,
  ],
  ['What can I do in the free trial?', trialLimitsAnswer()],
  [
    'Where do the rates come from?',
    'Live quotes from the configured market-data feed every 30 seconds; history from ECB reference rates (Source: ECB) with simulated minute-level movement between the daily fixes. The source is always named on screen.',
  ],
  [
    'Can admins use the calculator?',
    'Yes. Admins have everything brokers have, plus the dashboard, seats, billing and exports.',
  ],
  ['How does seat pricing work?', seatPricingSentence()],
  [
    'Can I cancel?',
    'Yes. Monthly plans keep access for 30 days after cancelling; annual plans end at once. After access ends your data is kept for 30 days, then deleted.',
  ],
] as const;

/** One item open at a time, or none. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(0);
  const hydrated = useHydrated(); // a click before React adopts the page would be lost (lib/hydrated.ts)
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
      {ITEMS.map(([q, a], i) => (
        <div key={q}>
          <button
            type="button"
            aria-expanded={open === i}
            disabled={!hydrated}
            onClick={() => setOpen(open === i ? null : i)}
            className="flex w-full items-center justify-between px-5 py-4 text-left font-medium"
          >
            {q}
            <span aria-hidden className="text-slate-400">
              {open === i ? '−' : '+'}
            </span>
          </button>
          {/* Every answer is in the page (prerendered, readable without scripts); closed ones are hidden. */}
          <p hidden={open !== i} className="px-5 pb-4 text-sm text-slate-600">
            {a}
          </p>
        </div>
      ))}
    </div>
  );
}

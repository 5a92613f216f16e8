import { formatGBP, formatRate } from '@pippitch/shared/format';
import { pairCurrencies } from '@pippitch/shared/money';
import { isCurrencyPair } from '@pippitch/shared/pairs';
import { LIVE_SOURCE_LABELS } from '@pippitch/shared/sources';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { STANDING_NOTES } from '@pippitch/shared/totals';
import { calculationRows, pairDecimals } from '../../lib/calculations';
import type { ActivityCalculation } from './figures';

/** Every field of Calculation Details, plus the live rate on screen when it was made (its source and time). */
function rows(e: ActivityCalculation): [string, string][] {
  const inEuros = isCurrencyPair(e.pair) && pairCurrencies(e.pair).sold !== 'GBP';
  const note = STANDING_NOTES[e.standing];
  return [
    ...calculationRows(e),
    ...(inEuros ? ([['Annual Savings (GBP)', formatGBP(e.savingsGbp)]] as [string, string][]) : []),
    ...(note ? ([['In Totals', note]] as [string, string][]) : []),
    [
      'Live Rate',
      e.liveRate === null
        ? 'Not available'
        : `${formatRate(e.liveRate, pairDecimals(e.pair))} · ${sourceName(e.rateSource)}${e.rateAt ? ` · ${formatLondonDateTime(new Date(e.rateAt))}` : ''}`,
    ],
  ];
}

function sourceName(source: string | null): string {
  if (!source) return 'unknown source';
  return (LIVE_SOURCE_LABELS as Record<string, string | undefined>)[source] ?? source;
}

export function CalculationCard({ entry }: { entry: ActivityCalculation }) {
  const tone = entry.isAdvantage ? 'text-green-700' : 'text-red-700';
  const offMarket = entry.standing === 'off_market';
  return (
    <li
      className={`rounded-xl border bg-white p-4 ${offMarket ? 'border-amber-300' : 'border-slate-200'}`}
      data-standing={entry.standing}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5 sm:grid-cols-3 lg:grid-cols-6">
        {rows(entry).map(([label, value]) => (
          <div key={label} className={`min-w-0 ${label === 'Live Rate' ? 'col-span-2 sm:col-span-3' : ''}`}>
            <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd
              className={`break-words text-sm font-semibold ${
                ['Annual Savings', '% Savings', 'Savings/Trade'].includes(label) ? tone : 'text-slate-900'
              }`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

import { formatGBP, formatRate, formatSignedRate } from '@pippitch/shared/format';
import { isCurrencyPair, pairLabel } from '@pippitch/shared/pairs';
import { LIVE_SOURCE_LABELS } from '@pippitch/shared/sources';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { usDate } from '../calculations/CalculationDetails';
import type { ActivityCalculation } from './figures';

/** Every field of Calculation Details, plus the live rate on screen when it was made (its source and time). */
function rows(e: ActivityCalculation): [string, string][] {
  return [
    ['Time & Date', formatLondonDateTime(new Date(e.createdAt))],
    ['Client Name', e.clientName ?? '—'],
    ['Currency Pair', isCurrencyPair(e.pair) ? pairLabel(e.pair) : e.pair],
    ['Your Rate', formatRate(e.yourRate)],
    ['Margin', e.marginPips > 0 ? `+${e.marginPips} pips` : 'None'],
    ['Comp Rate', formatRate(e.competitorRate)],
    ['Comp Date', usDate(e.comparisonDate)],
    ['Amt to Buy', formatGBP(e.amount, e.amount.includes('.') ? 2 : 0)],
    ['Trades/Year', String(e.tradesPerYear)],
    ['Price Diff', formatSignedRate(e.priceDifference)],
    ['PIPs', e.pips],
    ['Cost w/ Comp', formatGBP(e.costWithCompetitor)],
    ['Cost w/ Us', formatGBP(e.costWithUs)],
    ['Savings/Trade', formatGBP(e.savingsPerTrade)],
    ['Annual Savings', formatGBP(e.annualSavings)],
    ['% Savings', `${e.percentageSavings}%`],
    [
      'Live Rate',
      e.liveRate === null
        ? 'Not available'
        : `${formatRate(e.liveRate)} · ${sourceName(e.rateSource)}${e.rateAt ? ` · ${formatLondonDateTime(new Date(e.rateAt))}` : ''}`,
    ],
  ];
}

function sourceName(source: string | null): string {
  if (!source) return 'unknown source';
  return (LIVE_SOURCE_LABELS as Record<string, string | undefined>)[source] ?? source;
}

export function CalculationCard({ entry }: { entry: ActivityCalculation }) {
  const tone = entry.isAdvantage ? 'text-green-700' : 'text-red-700';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
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

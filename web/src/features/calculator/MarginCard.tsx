import { parseCalculatorForm } from '@pippitch/shared/calculator';
import { formatGBP } from '@pippitch/shared/format';
import { type Margin, pitchMargin } from '@pippitch/shared/margin';
import {
  belowFloorWarning,
  floorFor,
  isAllowedOption,
  isBelowFloor,
  optionNotAllowedMessage,
} from '@pippitch/shared/margin-policy';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { Alert } from '../../components/ui';
import type { CalculatorFields } from '../../lib/calculator-core';
import { trpc } from '../../lib/trpc';
import { AskPitchApproval } from '../margin/AskPitchApproval';
import type { useRangeCheck } from './RangeCheck';
import type { LiveQuoteView } from './useLiveQuotes';

/** The pitch's margin as the broker types, or null while the fields cannot be priced (shared/src/margin.ts). */
function marginOf(fields: CalculatorFields, mid: string | null, gbpPerBase: string | null): Margin | null {
  if (!mid || !gbpPerBase) return null;
  const parsed = parseCalculatorForm(fields);
  if (!parsed.ok) return null;
  try {
    return pitchMargin({ pair: fields.pair, ...parsed.value, marginPips: fields.marginPips, mid, gbpPerBase });
  } catch {
    return null;
  }
}

/**
 * The desk's view of the pitch (issue 25 §2): its margin against the mid in bps and £, and — before Calculate —
 * whether it is below the desk's floor. A pitch below it can still be calculated and saved; once saved, the broker
 * can ask an admin to approve it, which packs, share links and PDFs for the lead then need. Loaded after the page
 * (React.lazy), so the calculator's first load stays within its budget.
 */
export default function MarginCard({
  fields,
  quotes,
  day,
  savedCalculationId,
}: {
  fields: CalculatorFields;
  quotes: Partial<Record<CurrencyPair, LiveQuoteView>>;
  /** The comparison day's facts (useRangeCheck): the minute's mid for a historical comparison. */
  day: ReturnType<typeof useRangeCheck>['day'];
  /** The id of the saved calculation these fields made, once saved. */
  savedCalculationId: string | null;
}) {
  const policy = trpc.margin.policy.useQuery(undefined, { staleTime: 60_000 });
  // The mid the server will store with the pitch: its live quote now, the minute's mid for a historical comparison.
  const mid = fields.comparisonAt
    ? day?.found
      ? (day.mid?.rate ?? null)
      : null
    : (quotes[fields.pair]?.mid.toFixed(6) ?? null);
  // Pounds per unit of the base currency, as the server converts: 1 for GBP/x, the live GBP/EUR inverted for EUR/x,
  // the live GBP/USD inverted for USD/x (issue 34).
  const via = fields.pair.startsWith('GBP') ? null : fields.pair.startsWith('EUR') ? 'GBPEUR' : 'GBPUSD';
  const viaMid = via ? quotes[via]?.mid : undefined;
  const gbpPerBase = !via ? '1' : viaMid ? (1 / viaMid).toFixed(8) : null;
  const margin = marginOf(fields, mid, gbpPerBase);
  if (!policy.data) return null;
  // A choice the desk does not allow is refused on save: said here first.
  if (!isAllowedOption(policy.data, fields.marginPips)) {
    return <Alert tone="warning">{optionNotAllowedMessage(policy.data)}</Alert>;
  }
  if (!margin) return null;
  const floor = floorFor(policy.data, fields.pair, margin.ticketGbp);
  const below = isBelowFloor(margin.bps, floor);
  return (
    <section
      aria-label="Your margin"
      data-testid="margin-card"
      className={`rounded-2xl border p-4 text-sm ${below ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <p className="font-medium text-slate-800" data-testid="margin-line">
        {/* Each figure kept whole on one line: a negative one wrapped after its minus sign ('· -' then '£696,337'). */}
        Your margin: <span className="whitespace-nowrap">{margin.bps} bps</span> ·{' '}
        <span className="whitespace-nowrap">{formatGBP(margin.gbpPerTrade, 0)} per trade</span> ·{' '}
        <span className="whitespace-nowrap">{formatGBP(margin.gbpPerYear, 0)} a year</span>
      </p>
      {floor && below ? (
        <>
          <p className="mt-1 font-semibold text-amber-900" role="status" data-testid="margin-warning">
            {belowFloorWarning(floor)}
          </p>
          <p className="mt-1 text-xs text-amber-900">
            You can still calculate and save it; an evidence pack, share link or PDF for this client then needs an
            admin's approval.
          </p>
          {savedCalculationId && <AskPitchApproval key={savedCalculationId} calculationId={savedCalculationId} />}
        </>
      ) : (
        floor && <p className="mt-1 text-xs text-slate-600">At or above the desk's floor of {floor.floorBps} bps.</p>
      )}
    </section>
  );
}

import { formatGBP, formatRate } from '@pippitch/shared/format';
import { formatBaseAmount } from '@pippitch/shared/money';
import {
  type BadRow,
  type PackTotals,
  type PricedTrade,
  packMethod,
  pricedOnSimulatedMinute,
  simulatedTradesNote,
  tradeSourceText,
} from '@pippitch/shared/pack';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { pairLabel } from '@pippitch/shared/pairs';
import { formatIsoDate } from '@pippitch/shared/time';
import { lazy, Suspense } from 'react';

const PackChart = lazy(() => import('./PackChart'));

export interface PackViewData {
  leadName: string;
  brokerName: string;
  marginBps: number;
  trades: PricedTrade[];
  /** The broker's own view only: the prospect's page never carries the rows left out of the upload. */
  badRows?: BadRow[];
  totals: PackTotals;
}

const money = (v: string | null) => (v === null ? '—' : formatGBP(v));

/**
 * An evidence pack as the broker and the prospect read it: the totals, the chart of markup per trade, every trade
 * with the mid it was measured against and its source, the rows left out and why, and the method.
 */
export function PackView({ pack, audience = 'broker' }: { pack: PackViewData; audience?: 'broker' | 'prospect' }) {
  const t = pack.totals;
  const figures: [string, string][] = [
    ['Trades priced', `${t.priced} of ${t.trades}`],
    ['Average markup', `${t.averageMarkupBps} bps`],
    ['Markup paid', formatGBP(t.markupGbp)],
    ['Saving with us', formatGBP(t.savingGbp)],
    [`A year (from ${t.spanDays} days)`, formatGBP(t.annualisedSavingGbp)],
  ];
  const simulatedNote = simulatedTradesNote(pack.trades);
  const points = pack.trades
    .filter((trade) => trade.markupBps !== null)
    .map((trade) => [Date.parse(trade.at), Number(trade.markupBps)] as [number, number]);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {t.trades} trades from {formatIsoDate(t.from)} to {formatIsoDate(t.to)}
        {audience === 'broker' ? ` · prepared by ${pack.brokerName}` : ''} · our margin {pack.marginBps} bps
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-teal-200 bg-teal-50/60 p-3">
            <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="mt-1 break-words text-lg font-bold text-slate-900" data-testid={`pack-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {simulatedNote && (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          data-testid="pack-simulated"
        >
          {simulatedNote}
        </p>
      )}
      <section aria-labelledby="pack-chart" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="pack-chart" className="text-sm font-semibold text-slate-800">
          Markup per trade (bps of the mid)
        </h2>
        {points.length ? (
          <Suspense fallback={<div style={{ height: 260 }} className="animate-pulse rounded-lg bg-slate-100" />}>
            <PackChart points={points} height={260} />
          </Suspense>
        ) : (
          <p className="py-6 text-sm text-slate-500">No trade had a price to measure against.</p>
        )}
      </section>
      <section aria-labelledby="pack-trades">
        <h2 id="pack-trades" className="mb-2 text-sm font-semibold text-slate-800">
          Trades (London times)
        </h2>
        {/* On a phone each trade is a card with the figures that matter first; the full table from sm up. */}
        <ul className="space-y-2 sm:hidden">
          {pack.trades.map((trade) => (
            <li key={trade.line} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
              <div className="flex justify-between gap-2 font-semibold text-slate-900">
                <span>
                  {formatIsoDate(trade.date)} {trade.time}
                </span>
                <span>
                  {pairLabel(trade.pair)} {trade.direction}
                </span>
              </div>
              <p className="mt-1 text-slate-700">
                {formatBaseAmount(trade.amount, trade.pair)} at {formatRate(trade.rate, pairInfo(trade.pair).decimals)}{' '}
                · mid {trade.mid ? formatRate(trade.mid.rate, pairInfo(trade.pair).decimals) : '—'}
              </p>
              <p className="mt-1 text-slate-700">
                Markup {trade.markupBps === null ? '—' : `${trade.markupBps} bps`} · {money(trade.markupGbp)} · with us{' '}
                {money(trade.ourCostGbp)} ·{' '}
                <span className="font-semibold text-green-800">saving {money(trade.savingGbp)}</span>
              </p>
              <p className="mt-1 text-xs text-slate-600">
                <SourceText trade={trade} />
              </p>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white sm:block">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-[11px] uppercase tracking-wide text-slate-600">
              <tr>
                {['Date', 'Time', 'Pair', 'Side', 'Amount', 'Their rate', 'Mid', 'Markup', 'Markup £', 'With us £'].map(
                  (h) => (
                    <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                      {h}
                    </th>
                  ),
                )}
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                  Saving £
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Price source / note
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {pack.trades.map((trade) => (
                <tr key={trade.line} data-testid="pack-trade">
                  <td className="whitespace-nowrap px-3 py-1.5">{formatIsoDate(trade.date)}</td>
                  <td className="px-3 py-1.5">{trade.time}</td>
                  <td className="whitespace-nowrap px-3 py-1.5">{pairLabel(trade.pair)}</td>
                  <td className="px-3 py-1.5">{trade.direction}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatBaseAmount(trade.amount, trade.pair)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatRate(trade.rate, pairInfo(trade.pair).decimals)}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {trade.mid ? formatRate(trade.mid.rate, pairInfo(trade.pair).decimals) : '—'}
                  </td>
                  <td className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">
                    {trade.markupBps === null ? '—' : `${trade.markupBps} bps`}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{money(trade.markupGbp)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{money(trade.ourCostGbp)}</td>
                  <td className="px-3 py-1.5 text-right font-semibold tabular-nums text-green-800">
                    {money(trade.savingGbp)}
                  </td>
                  <td className="min-w-48 px-3 py-1.5 text-xs text-slate-600">
                    <SourceText trade={trade} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {audience === 'broker' && pack.badRows && pack.badRows.length > 0 && (
        <section aria-labelledby="pack-bad" className="rounded-2xl border border-amber-200 bg-amber-50 p-4">
          <h2 id="pack-bad" className="text-sm font-semibold text-amber-900">
            Rows left out ({pack.badRows.length})
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-amber-900">
            {pack.badRows.map((row) => (
              <li key={row.line} className="break-words">
                Line {row.line}: {row.reason} <span className="text-amber-700">— “{row.text}”</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="pack-method" className="text-xs text-slate-600">
        <h2 id="pack-method" className="mb-1 text-sm font-semibold text-slate-800">
          Method and sources
        </h2>
        {packMethod(
          pack.marginBps,
          pack.trades.map((t) => t.pair),
        ).map((line) => (
          <p key={line} className="mb-1">
            {line}
          </p>
        ))}
      </section>
    </div>
  );
}

/** A row's source, with a visible flag when the minute was simulated rather than traded. */
function SourceText({ trade }: { trade: PricedTrade }) {
  const text = tradeSourceText(trade);
  if (!pricedOnSimulatedMinute(trade)) return <>{text}</>;
  return (
    <>
      <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold text-amber-900">
        Simulated
      </span>
      {text}
    </>
  );
}

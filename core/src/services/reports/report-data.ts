/**
 * What a monthly client report says (issue 12 §4): for a company and a span of London days, each broker's clients
 * — a client pitched several times counts once, with its latest figures — the totals, where the live rates on
 * screen came from, and (issue 25 §3) the margin conceded by the team, per pair and per broker, as the dashboard's
 * card and the Salesforce post give it. Read in three queries whatever the volume (one row per broker and client,
 * one per source, margin conceded's one).
 */

import type { DateSpan } from '@pippitch/shared/activity-periods';
import { Dec } from '@pippitch/shared/decimal';
import type { RangeCheck } from '@pippitch/shared/evidence';
import { readEvidence } from '@pippitch/shared/evidence-record';
import { memberDisplayName } from '@pippitch/shared/names';
import { pairMethodLines } from '@pippitch/shared/pair-method';
import { type CurrencyPair, isCurrencyPair } from '@pippitch/shared/pairs';
import { LIVE_SOURCE_LABELS, type LiveSource } from '@pippitch/shared/sources';
import type { Standing } from '@pippitch/shared/totals';
import type { Database } from '@pippitch/sql';
import { reportCompany } from '../../queries/reports/company';
import { type LatestPitch, latestPitches, pairsPitched, rateSourceCounts } from '../../queries/reports/pitches';
import type { Scope } from '../../queries/scope';
import { spanBoundsUtc } from '../activity/user-activity';
import { storedCalculation } from '../calculation-data';
import { type ConcededFigures, marginConceded } from '../margin/conceded';

export interface ReportClient {
  client: string;
  pair: string;
  yourRate: string;
  marginPips: number;
  competitorRate: string;
  amount: string;
  tradesPerYear: number;
  differenceInPips: string;
  /** In the currency the client sells (GBP, or EUR for EUR/USD). */
  annualSavings: string;
  /** The same in pounds, and what it adds to the totals (0 for a loss or an off-market rate). */
  savingsGbp: string;
  countedGbp: string;
  standing: Standing;
  /** From the latest calculation's record: the mid the server used, and the competitor rate against the day. */
  midRate: string | null;
  rangePosition: RangeCheck['position'] | null;
  ecbRate: string | null;
  /** How many calculations in the period this row stands for. */
  times: number;
  lastPitchedAt: Date;
}

export interface ReportBroker {
  name: string;
  email: string;
  calculations: number;
  clients: ReportClient[];
  /** The broker's clients' latest annual savings where we were cheaper (on-market rates), in pounds. */
  savings: string;
  /** Clients whose latest pitch showed the competitor cheaper, and those with an off-market rate. */
  losses: number;
  excluded: number;
  /** The broker's margin conceded in the period (every pitch, not only each client's latest). */
  margin: ConcededFigures | null;
}

export interface ReportSource {
  label: string;
  calculations: number;
  first: Date | null;
  last: Date | null;
}

export interface ReportData {
  companyName: string;
  span: DateSpan;
  brokers: ReportBroker[];
  totals: { brokers: number; calculations: number; clients: number; savings: string; losses: number; excluded: number };
  sources: ReportSource[];
  /** Every pair pitched in the period (a client's row shows only its latest pitch), for each one's pip in the method. */
  pairs: CurrencyPair[];
  /** How each pitched pair not priced from its own minutes was priced (a derived cross, a daily-only pair: issue 34). */
  pairNotes: string[];
  /** Margin conceded in the period: the team's and per pair (everyone who pitched, as the dashboard counts). */
  margin: { team: ConcededFigures; pairs: (ConcededFigures & { pair: string })[] };
}

const NO_CLIENT = 'No client name';

export async function reportData(db: Database, scope: Scope, span: DateSpan): Promise<ReportData> {
  const { from, to } = spanBoundsUtc(span);
  const company = await reportCompany(db, scope);
  if (!company) throw new Error(`company ${scope.companyId} not found`);
  const rows = await latestPitches(db, scope, from, to);

  const conceded = await marginConceded(db, scope, span);
  const brokers = new Map<string, ReportBroker>();
  // Company-wide, a client counts once with the newest figures any broker gave it.
  const latestByClient = new Map<string, { at: Date; savings: string; standing: Standing }>();
  for (const r of rows) {
    let broker = brokers.get(r.userId);
    if (!broker) {
      broker = {
        name: memberDisplayName({ fullName: r.fullName, email: r.email }),
        email: r.email,
        calculations: 0,
        clients: [],
        savings: '0',
        losses: 0,
        excluded: 0,
        margin: conceded.brokers.find((b) => b.userId === r.userId) ?? null,
      };
      brokers.set(r.userId, broker);
    }
    const standing = (r.standing ?? 'saving') as Standing;
    broker.calculations += r.times;
    // Only savings count (issue 22 §2): a loss is counted apart, an off-market rate is left out.
    broker.savings = new Dec(broker.savings).plus(r.countedGbp).toFixed(2);
    if (standing === 'loss') broker.losses += 1;
    if (standing === 'off_market' || standing === 'below_mid') broker.excluded += 1;
    broker.clients.push(clientRow(r, standing));
    const clientKey = r.normalizedClientName ?? `calculation:${r.id}`;
    const seen = latestByClient.get(clientKey);
    if (!seen || seen.at < r.createdAt)
      latestByClient.set(clientKey, { at: r.createdAt, savings: r.countedGbp, standing });
  }
  for (const b of brokers.values()) b.clients.sort((a, z) => a.client.localeCompare(z.client, 'en-GB'));

  const sources = await rateSourceCounts(db, scope, from, to);
  const pairs = (await pairsPitched(db, scope, from, to)).filter(isCurrencyPair);

  const list = [...brokers.values()];
  return {
    companyName: company.name,
    span,
    brokers: list,
    totals: {
      brokers: list.length,
      calculations: list.reduce((n, b) => n + b.calculations, 0),
      clients: latestByClient.size,
      savings: [...latestByClient.values()].reduce((acc, c) => acc.plus(c.savings), new Dec(0)).toFixed(2),
      losses: [...latestByClient.values()].filter((c) => c.standing === 'loss').length,
      excluded: [...latestByClient.values()].filter((c) => c.standing === 'off_market' || c.standing === 'below_mid')
        .length,
    },
    sources: sources.map((s) => ({
      label: s.rateSource ? (LIVE_SOURCE_LABELS[s.rateSource as LiveSource] ?? s.rateSource) : 'No live rate recorded',
      calculations: s.n,
      first: s.first,
      last: s.last,
    })),
    pairs,
    pairNotes: pairMethodLines(pairs),
    margin: { team: conceded.team, pairs: conceded.pairs },
  };
}

/** One client's line in a broker's table: the latest pitch's figures and its evidence. */
function clientRow(r: LatestPitch, standing: Standing): ReportBroker['clients'][number] {
  const data = storedCalculation.parse(r.calculationData);
  const evidence = readEvidence(r.evidence);
  return {
    client: r.clientName?.trim() || NO_CLIENT,
    pair: r.currencyPair,
    yourRate: data.your_rate,
    marginPips: data.pips_added,
    competitorRate: data.competitor_rate,
    amount: data.trade_amount,
    tradesPerYear: data.trades_per_year,
    differenceInPips: data.difference_in_pips,
    annualSavings: r.savingsAmount,
    savingsGbp: r.savingsGbp,
    countedGbp: r.countedGbp,
    standing,
    midRate: evidence?.mid?.rate ?? null,
    rangePosition: evidence?.range?.position ?? null,
    ecbRate: evidence?.ecb?.rate ?? null,
    times: r.times,
    lastPitchedAt: r.createdAt,
  };
}

import { allowedOptionsText, bandLabel, type FloorBand, type MarginPolicy } from './margin-policy';
import { CATALOGUE_CODES } from './pair-catalogue';
import { type CurrencyPair, pairLabel } from './pairs';

// What one change of the desk's margin policy changed (issue 25 §1: 'changes are logged — who, when, old → new'),
// in words per pair and band and for the 'Inflate Your Margin' options, for the admins' full policy log. A band is
// known by its edges: a band whose edges moved reads as one removed and one added, which is what happened to the
// tickets in it.

const bandName = (pair: CurrencyPair, b: FloorBand) => `${pairLabel(pair)} ${bandLabel(b) || 'all sizes'}`;
const edges = (b: FloorBand) => `${b.fromGbp}:${b.toGbp ?? ''}`;

/**
 * The lines of one change, pairs in the calculator's order, bands by their start:
 * 'GBP/USD £100k–£1m: no floor → 50 bps', 'GBP/USD over £1m: 40 → 45 bps', 'EUR/USD all sizes: 30 bps → no floor',
 * "Inflate Your Margin: None, 10, 20, 30, 40 and 50 pips → None, 10 and 20 pips". Empty when nothing changed (a
 * save of the same policy is still logged, and says so).
 */
export function policyChanges(before: MarginPolicy, after: MarginPolicy): string[] {
  const lines: string[] = [];
  for (const pair of CATALOGUE_CODES) {
    const old = before.floors[pair] ?? [];
    const now = after.floors[pair] ?? [];
    const all = [...old, ...now.filter((b) => !old.some((o) => edges(o) === edges(b)))].sort(
      (a, b) => a.fromGbp - b.fromGbp,
    );
    for (const band of all) {
      const was = old.find((o) => edges(o) === edges(band));
      const is = now.find((n) => edges(n) === edges(band));
      if (was && is && was.floorBps === is.floorBps) continue;
      const text = !was
        ? `no floor → ${is?.floorBps} bps`
        : !is
          ? `${was.floorBps} bps → no floor`
          : `${was.floorBps} → ${is.floorBps} bps`;
      lines.push(`${bandName(pair, band)}: ${text}`);
    }
  }
  if (before.marginOptions.join() !== after.marginOptions.join()) {
    lines.push(
      `Inflate Your Margin: ${allowedOptionsText(before.marginOptions)} → ${allowedOptionsText(after.marginOptions)}`,
    );
  }
  return lines;
}

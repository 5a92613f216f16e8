/**
 * Writes the landing page's historical-rates demo series (web/src/features/marketing/demo-series.json): GBP/USD
 * 30-minute closes for the 30 days to 2025-10-24, from the product's bundled data set (ECB reference rates with
 * simulated intraday movement — the same numbers the product serves for those minutes), and the minute nearest the
 * spec's sample rate 1.3304 for the demo's date/time search. Run: `pnpm exec tsx worker/src/bin/demo-series.ts [out]`.
 * It lives in the worker because it reads the worker's data set; the web only keeps the JSON it writes.
 */
import { writeFileSync } from 'node:fs';
import { indexAtOrAfter, pathModel, TICKS, timeOfIndex } from '@pippitch/core/market';

const GBP = 0;
const USD = 1;
const HALF_HOUR = 30 * 60_000;
const end = Date.parse('2025-10-24T21:00:00Z'); // Friday, an hour before the week's close
const start = end - 30 * 86_400_000;
const model = pathModel();

const points: [number, number][] = [];
let sample: { t: number; rate: number; distance: number } | null = null;
let bucket = -1;
model.forEachMinute(indexAtOrAfter(start), indexAtOrAfter(end), (k, ticks) => {
  const t = timeOfIndex(k);
  const close = ticks[USD * TICKS + TICKS - 1]! / ticks[GBP * TICKS + TICKS - 1]!;
  const b = Math.floor(t / HALF_HOUR);
  if (b !== bucket) {
    bucket = b;
    points.push([b * HALF_HOUR, Number(close.toFixed(5))]);
  } else {
    (points[points.length - 1] as [number, number])[1] = Number(close.toFixed(5));
  }
  // The demo's date/time search shows a real minute of the series whose rate is the spec's 1.3304.
  const distance = Math.abs(close - 1.3304);
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/London' }).format(t),
  );
  if (londonHour >= 8 && londonHour < 18 && (!sample || distance < sample.distance))
    sample = { t, rate: close, distance };
});

const found = sample as { t: number; rate: number; distance: number } | null;
if (!found) throw new Error('no minute in the window');
const out = {
  pair: 'GBPUSD',
  source: 'ecb_sim',
  interval: '30min',
  points,
  sample: { at: new Date(found.t).toISOString(), rate: found.rate.toFixed(4) },
};
const target = process.argv[2] ?? new URL('../../../web/src/features/marketing/demo-series.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(`${points.length} points; sample ${out.sample.rate} at ${out.sample.at}`);

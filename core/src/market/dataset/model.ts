import { indexAtOrAfter } from './calendar';
import { CURRENCIES, type EcbFix } from './ecb';
import { NormalStream } from './rng';

// The intraday price model behind the bundled data set. Each currency's EUR rate (units per 1 EUR, the ECB's
// convention) follows a correlated random walk in log price over trading minutes. Between consecutive ECB fixes it
// is a Brownian bridge pinned to both fixes, so the close of the fix minute is exactly the published rate; before
// the first fix it is a walk run backwards from it, after the last fix a plain walk forwards. Every pair is a ratio
// of two currency paths (GBPUSD = USD/GBP), so crosses stay consistent at every tick.
//
// Each minute has five ticks, 15 s apart: the previous close, three inner ticks (a small bridge to the close, used
// for high and low) and the close. Randomness comes from one seeded stream per segment (the stretch between two
// fixes, or a day after the last fix), so a minute's values depend only on the seed and the segment, never on the
// window being generated: loading 2024-10 then 2024-11 gives the same bars as loading both at once.

const N = CURRENCIES.length;
/** Ticks per minute: open (= previous close), three inner ticks, close. */
export const TICKS = 5;

/**
 * Lower-triangular Cholesky factor of the annualised covariance of daily log changes of GBP, USD, NOK, SEK, AUD per
 * EUR, measured on the ECB file from 2024-09-30 to 2025-09-30 (×256 trading days). It reproduces the data README's
 * volatilities: EURGBP 5.1%, EURUSD 8.5%, GBPUSD 8.0%, GBPNOK 7.4%, GBPSEK 7.1%, GBPAUD 7.4%.
 */
const ANNUAL_CHOLESKY: readonly (readonly number[])[] = [
  [0.0506],
  [0.03273, 0.07837],
  [0.0265, -0.00093, 0.07025],
  [0.01158, -0.0164, 0.02944, 0.04922],
  [0.04266, 0.00803, 0.03669, 0.00829, 0.06318],
];
/** A trading day is 1440 trading minutes; a year 256 trading days (the convention of the volatilities above). */
export const TRADING_DAY_MINUTES = 1440;
const MINUTE_SCALE = 1 / Math.sqrt(256 * TRADING_DAY_MINUTES);
/** Length of one seeded stretch of the walk after the last fix. */
const POST_CHUNK_MINUTES = TRADING_DAY_MINUTES;

/** Receives one minute: `ticks[c * TICKS + j]` is currency c's level (per EUR) at tick j. Reused between calls. */
export type MinuteVisitor = (k: number, ticks: Float64Array) => void;

interface Segment {
  /** Trading index of the close the segment starts from (its first bar is start + 1). */
  start: number;
  /** Trading index of its last bar. */
  end: number;
  key: string;
  kind: 'pre' | 'bridge' | 'post';
  /** Exact levels at `start` / `end` when pinned to a fix. */
  startLevels?: readonly number[];
  endLevels?: readonly number[];
}

export class PathModel {
  private readonly minuteChol: Float64Array;
  private readonly segments: Segment[];
  /** Log levels at the end of each post-fix chunk computed so far (chunk j's start is chunk j−1's end). */
  private readonly postEnds: Float64Array[] = [];
  /** First trading minute of the data set. */
  readonly firstIndex: number;

  constructor(
    private readonly fixes: readonly EcbFix[],
    private readonly seed: string | number,
    historyStartMs: number,
  ) {
    if (fixes.length === 0) throw new Error('the price model needs at least one ECB fix');
    this.minuteChol = new Float64Array(N * N);
    for (let c = 0; c < N; c++) {
      for (let j = 0; j <= c; j++) this.minuteChol[c * N + j] = (ANNUAL_CHOLESKY[c]?.[j] ?? 0) * MINUTE_SCALE;
    }
    this.firstIndex = indexAtOrAfter(historyStartMs);
    const fixIndex = fixes.map((f) => indexAtOrAfter(f.at));
    const first = fixes[0]!;
    this.segments = [
      {
        start: Math.min(this.firstIndex - 1, fixIndex[0]! - 1),
        end: fixIndex[0]!,
        key: 'pre',
        kind: 'pre',
        endLevels: first.rates,
      },
    ];
    for (let i = 0; i + 1 < fixes.length; i++) {
      this.segments.push({
        start: fixIndex[i]!,
        end: fixIndex[i + 1]!,
        key: `fix:${fixes[i]!.date}`,
        kind: 'bridge',
        startLevels: fixes[i]!.rates,
        endLevels: fixes[i + 1]!.rates,
      });
    }
  }

  /** Trading index of the last ECB fix; after it the path is a free walk. */
  get lastFixIndex(): number {
    return indexAtOrAfter(this.fixes[this.fixes.length - 1]!.at);
  }

  /** Calls `visit` for every trading minute k with from ≤ k < to, in order. */
  forEachMinute(from: number, to: number, visit: MinuteVisitor): void {
    const lo = Math.max(from, this.firstIndex);
    if (lo >= to) return;
    for (const seg of this.segments) {
      if (seg.end < lo || seg.start + 1 >= to) continue;
      this.emit(seg, this.computeSegment(seg, true), lo, to, visit);
    }
    const lastFix = this.lastFixIndex;
    if (to - 1 <= lastFix) return;
    const firstChunk = Math.max(0, Math.floor((lo - lastFix - 1) / POST_CHUNK_MINUTES));
    const lastChunk = Math.floor((to - 1 - lastFix - 1) / POST_CHUNK_MINUTES);
    for (let j = firstChunk; j <= lastChunk; j++) {
      const seg = this.postSegment(j);
      this.emit(seg, this.computeSegment(seg, true), lo, to, visit);
    }
  }

  /** The five ticks of trading minute k (see MinuteVisitor), as a fresh array. */
  minute(k: number): Float64Array {
    let out: Float64Array | null = null;
    this.forEachMinute(k, k + 1, (_, ticks) => {
      out = ticks.slice();
    });
    if (!out) throw new RangeError(`minute ${k} is before the data set starts`);
    return out;
  }

  private postSegment(j: number): Segment {
    const start = this.lastFixIndex + j * POST_CHUNK_MINUTES;
    const seg: Segment = { start, end: start + POST_CHUNK_MINUTES, key: `post:${j}`, kind: 'post' };
    if (j === 0) seg.startLevels = this.fixes[this.fixes.length - 1]!.rates;
    return seg;
  }

  /** Log levels at the start of post chunk j, computing (closes only) and caching earlier chunks as needed. */
  private postStart(j: number): Float64Array {
    if (j === 0) return Float64Array.from(this.fixes[this.fixes.length - 1]!.rates, Math.log);
    while (this.postEnds.length < j) {
      const seg = this.postSegment(this.postEnds.length);
      const { logs } = this.computeSegment(seg, false);
      this.postEnds.push(logs.slice(POST_CHUNK_MINUTES * N));
    }
    return this.postEnds[j - 1]!;
  }

  /**
   * Log closes for indexes start..end (row i = index start + i) and, when asked, the three inner ticks of every
   * bar (row i − 1 = bar start + i). Close normals are drawn before inner-tick normals, so skipping the inner ticks
   * does not change the closes.
   */
  private computeSegment(seg: Segment, withInner: boolean): { logs: Float64Array; inner: Float64Array | null } {
    const n = seg.end - seg.start;
    const rng = new NormalStream(`${this.seed}|${seg.key}`);
    const chol = this.minuteChol;
    // walk[i] = sum of the first i correlated increments (walk[0] = 0).
    const walk = new Float64Array((n + 1) * N);
    const z = new Float64Array(N);
    for (let i = 1; i <= n; i++) {
      for (let c = 0; c < N; c++) z[c] = rng.normal();
      for (let c = 0; c < N; c++) {
        let inc = 0;
        for (let j = 0; j <= c; j++) inc += chol[c * N + j]! * z[j]!;
        walk[i * N + c] = walk[(i - 1) * N + c]! + inc;
      }
    }
    const logs = new Float64Array((n + 1) * N);
    if (seg.kind === 'bridge') {
      for (let c = 0; c < N; c++) {
        const a = Math.log(seg.startLevels![c]!);
        const b = Math.log(seg.endLevels![c]!);
        const wn = walk[n * N + c]!;
        for (let i = 0; i <= n; i++) {
          const f = i / n;
          logs[i * N + c] = a + walk[i * N + c]! - f * wn + f * (b - a);
        }
      }
    } else if (seg.kind === 'pre') {
      // Run backwards from the first fix: index end − m sits m increments away from it.
      for (let c = 0; c < N; c++) {
        const b = Math.log(seg.endLevels![c]!);
        for (let i = 0; i <= n; i++) logs[i * N + c] = b - walk[(n - i) * N + c]!;
      }
    } else {
      const start = this.postStart(Number(seg.key.slice(5)));
      for (let c = 0; c < N; c++) {
        for (let i = 0; i <= n; i++) logs[i * N + c] = start[c]! + walk[i * N + c]!;
      }
    }
    return { logs, inner: withInner ? this.innerTicks(rng, logs, n) : null };
  }

  /** Three inner ticks per bar: a four-step Brownian bridge from the previous close to the close, drawn in order. */
  private innerTicks(rng: NormalStream, logs: Float64Array, n: number): Float64Array {
    const inner = new Float64Array(n * 3 * N);
    const chol = this.minuteChol;
    const z = new Float64Array(N);
    const prev = new Float64Array(N);
    for (let i = 1; i <= n; i++) {
      for (let c = 0; c < N; c++) prev[c] = logs[(i - 1) * N + c]!;
      for (let t = 1; t <= 3; t++) {
        // m sub-steps of 15 s remain to the close; the next tick's conditional variance is (m−1)/m of one sub-step.
        const m = 5 - t;
        const scale = 0.5 * Math.sqrt((m - 1) / m);
        for (let c = 0; c < N; c++) z[c] = rng.normal();
        for (let c = 0; c < N; c++) {
          let noise = 0;
          for (let j = 0; j <= c; j++) noise += chol[c * N + j]! * z[j]!;
          const close = logs[i * N + c]!;
          const value = prev[c]! + (close - prev[c]!) / m + scale * noise;
          inner[((i - 1) * 3 + (t - 1)) * N + c] = value;
          prev[c] = value;
        }
      }
    }
    return inner;
  }

  private emit(
    seg: Segment,
    { logs, inner }: { logs: Float64Array; inner: Float64Array | null },
    from: number,
    to: number,
    visit: MinuteVisitor,
  ): void {
    const n = seg.end - seg.start;
    const ticks = new Float64Array(N * TICKS);
    const first = Math.max(1, from - seg.start);
    const last = Math.min(n, to - 1 - seg.start);
    for (let i = first; i <= last; i++) {
      for (let c = 0; c < N; c++) {
        ticks[c * TICKS] = this.closeLevel(seg, logs, i - 1, c);
        for (let t = 1; t <= 3; t++) ticks[c * TICKS + t] = Math.exp(inner![((i - 1) * 3 + (t - 1)) * N + c]!);
        ticks[c * TICKS + 4] = this.closeLevel(seg, logs, i, c);
      }
      visit(seg.start + i, ticks);
    }
  }

  /** A close's level: the published rate where the segment is pinned to a fix, else exp of the log path. */
  private closeLevel(seg: Segment, logs: Float64Array, i: number, c: number): number {
    if (i === 0 && seg.startLevels) return seg.startLevels[c]!;
    if (i === seg.end - seg.start && seg.endLevels) return seg.endLevels[c]!;
    return Math.exp(logs[i * N + c]!);
  }
}

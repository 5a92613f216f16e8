import { barSourceLabel, isSimulatedBar, type PriceSource, summariseKinds, UNANCHORED_FROM_MS } from './sources';

/**
 * Which sources make up a series, in time order, so the chart can name them ("ECB reference rates ·
 * simulated intraday, then simulated feed from 12 Nov") instead of "Mixed sources".
 */
export type SpanSource = 'real' | 'ecb_sim' | 'unanchored' | 'simulated' | 'daily';

export interface SourceSpan {
  source: SpanSource;
  /** First point of the span and the instant it ends (the next span's start, or the series' end), ISO. */
  from: string;
  to: string;
  /** For a real span, who the minutes came from, by name ('Dukascopy', 'TraderMade', 'Live market feed'). */
  providers?: string[];
}

/** A stored source's span kind; with the span's first instant, the data set's minutes after the ECB file ends. */
export function spanSourceOf(stored: string, at?: number): SpanSource {
  if (stored === 'simulated') return 'simulated';
  // A daily-only pair's ECB rates (issue 34): real, but one a day, and named so.
  if (stored === 'ecb_daily') return 'daily';
  // Real: a feed, an import, a history provider's backfill (Dukascopy, TraderMade).
  if (!isSimulatedBar(stored)) return 'real';
  return at !== undefined && at >= UNANCHORED_FROM_MS ? 'unanchored' : 'ecb_sim';
}

/**
 * The change points, with one more where a data-set stretch runs past the bundled ECB file's end: the SQL marks
 * only changes of stored source, and the same 'ecb_sim' minutes stop being anchored at that instant (issue 31 §3).
 */
function withFileEnd(
  starts: readonly (readonly [number, string])[],
  end: number | null,
): (readonly [number, string])[] {
  const out: (readonly [number, string])[] = [];
  starts.forEach(([t, stored], i) => {
    out.push([t, stored]);
    const until = starts[i + 1]?.[0] ?? end ?? t;
    if (isSimulatedBar(stored) && stored !== 'simulated' && t < UNANCHORED_FROM_MS && until > UNANCHORED_FROM_MS)
      out.push([UNANCHORED_FROM_MS, stored]);
  });
  return out;
}

/** A series' one summary from its spans (so a data-set stretch past the file's end is not called anchored). */
export function summariseSpans(spans: readonly SourceSpan[]): PriceSource {
  return summariseKinds(spans.map((s) => s.source));
}

/**
 * `starts` are the points where the stored source changed ([epoch ms, stored source], in time order); a feed,
 * an import and a backfill are all real data, so neighbours of the same kind merge into one span.
 */
export function sourceSpans(starts: readonly (readonly [number, string])[], end: number | null): SourceSpan[] {
  const spans: { source: SpanSource; from: number; providers: string[] }[] = [];
  for (const [t, stored] of withFileEnd(starts, end)) {
    const source = spanSourceOf(stored, t);
    if (spans.at(-1)?.source !== source) spans.push({ source, from: t, providers: [] });
    const span = spans.at(-1);
    // A real span names each provider it holds once, in order (issue 21: 'Dukascopy', not only 'real data').
    const name = barSourceLabel(stored);
    if (span && source === 'real' && !span.providers.includes(name)) span.providers.push(name);
  }
  return spans.map((s, i) => ({
    source: s.source,
    from: new Date(s.from).toISOString(),
    to: new Date(spans[i + 1]?.from ?? end ?? s.from).toISOString(),
    ...(s.source === 'real' && { providers: s.providers }),
  }));
}

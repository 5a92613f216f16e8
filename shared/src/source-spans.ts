import { barSourceLabel, isSimulatedBar } from './sources';

/**
 * Which sources make up a series, in time order, so the chart can name them ("ECB reference rates ·
 * simulated intraday, then simulated feed from 12 Nov") instead of "Mixed sources".
 */
export type SpanSource = 'real' | 'ecb_sim' | 'simulated';

export interface SourceSpan {
  source: SpanSource;
  /** First point of the span and the instant it ends (the next span's start, or the series' end), ISO. */
  from: string;
  to: string;
  /** For a real span, who the minutes came from, by name ('Dukascopy', 'TraderMade', 'Live market feed'). */
  providers?: string[];
}

export function spanSourceOf(stored: string): SpanSource {
  if (stored === 'simulated') return 'simulated';
  // Real: a feed, an import, a history provider's backfill (Dukascopy, TraderMade).
  return isSimulatedBar(stored) ? 'ecb_sim' : 'real';
}

/**
 * `starts` are the points where the stored source changed ([epoch ms, stored source], in time order); a feed,
 * an import and a backfill are all real data, so neighbours of the same kind merge into one span.
 */
export function sourceSpans(starts: readonly (readonly [number, string])[], end: number | null): SourceSpan[] {
  const spans: { source: SpanSource; from: number; providers: string[] }[] = [];
  for (const [t, stored] of starts) {
    const source = spanSourceOf(stored);
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

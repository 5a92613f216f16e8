/**
 * Where prices came from, named honestly on screen: 'Real Market Data' only for a real feed or an
 * import; the bundled data set is ECB-anchored with simulated intraday moves; the built-in feed is
 * simulated.
 */
export type PriceSource = 'real' | 'ecb_sim' | 'simulated' | 'mixed' | 'none';

export function summariseSources(sources: Iterable<string>): PriceSource {
  const seen = new Set<PriceSource>();
  for (const s of sources)
    seen.add(s === 'feed' || s === 'import' ? 'real' : s === 'simulated' ? 'simulated' : 'ecb_sim');
  if (seen.size === 0) return 'none';
  if (seen.size > 1) return 'mixed';
  return [...seen][0] ?? 'none';
}

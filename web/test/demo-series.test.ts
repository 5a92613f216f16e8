import { describe, expect, it } from 'vitest';
import { DEMO_RANGE, DEMO_SAMPLE } from '../src/features/marketing/demo-sample';
import series from '../src/features/marketing/demo-series.json';

describe('the landing page’s historical demo data', () => {
  it('is a month of 30-minute GBP/USD points from the bundled data set, holding the sample minute', () => {
    expect(series).toMatchObject({ pair: 'GBPUSD', source: 'ecb_sim', interval: '30min' });
    expect(series.sample).toEqual(DEMO_SAMPLE);
    const points = series.points as [number, number][];
    expect(points.length).toBeGreaterThan(900);
    const span = (points.at(-1)?.[0] ?? 0) - (points[0]?.[0] ?? 0);
    expect(span / 86_400_000).toBeGreaterThan(29);
    for (const [t] of points) expect(t % (30 * 60_000)).toBe(0);
    expect(DEMO_SAMPLE.at.slice(0, 10) <= DEMO_RANGE.max).toBe(true);
  });
});

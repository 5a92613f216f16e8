import { describe, expect, it } from 'vitest';
import {
  canZoom,
  INITIAL_VIEW,
  nearestPoint,
  panBy,
  pointsIn,
  priceAxisRange,
  showMarkers,
  visibleWindow,
  withGaps,
  zoomBy,
} from '../src/lib/chart-view';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('withGaps', () => {
  it('breaks the line only where points are more than two buckets apart', () => {
    const pts = [0, 1, 2, 3, 60].map((h) => ({ t: h * HOUR, price: 1 + h / 1000 }));
    expect(withGaps(pts, HOUR)).toEqual([
      [0, 1],
      [HOUR, 1.001],
      [2 * HOUR, 1.002],
      [3 * HOUR, 1.003],
      [4 * HOUR, null],
      [60 * HOUR, 1.06],
    ]);
    expect(
      withGaps(
        [
          { t: 0, price: 1 },
          { t: 2 * HOUR, price: 1 },
        ],
        HOUR,
      ),
    ).toHaveLength(2);
  });
});

describe('zoom and pan', () => {
  const domain = { min: 0, max: 100 * HOUR };

  it('zooms by 1.2 within 0.5–10, narrowing the window around its centre', () => {
    let v = INITIAL_VIEW;
    expect(visibleWindow(domain, v)).toEqual(domain);
    v = zoomBy(v, 'in');
    expect(v.zoom).toBe(1.2);
    const w = visibleWindow(domain, v);
    expect((w.min + w.max) / 2).toBe(50 * HOUR);
    expect(w.max - w.min).toBeCloseTo((100 * HOUR) / 1.2, 0);
    expect(zoomBy(v, 'out').zoom).toBe(1);
    for (let i = 0; i < 30; i++) v = zoomBy(v, 'in');
    expect(v.zoom).toBe(10);
    expect(canZoom(v, 'in')).toBe(false);
    for (let i = 0; i < 60; i++) v = zoomBy(v, 'out');
    expect(v.zoom).toBe(0.5);
    expect(canZoom(v, 'out')).toBe(false);
    expect(visibleWindow(domain, v)).toEqual({ min: -50 * HOUR, max: 150 * HOUR });
  });

  it('pans the centre but never off the data', () => {
    const v = panBy({ zoom: 4, panMs: 0 }, domain, 10 * HOUR);
    expect(visibleWindow(domain, v)).toEqual({ min: 47.5 * HOUR, max: 72.5 * HOUR });
    expect(panBy(v, domain, 1000 * HOUR).panMs).toBe(50 * HOUR);
    expect(panBy(v, domain, -1000 * HOUR).panMs).toBe(-50 * HOUR);
  });
});

describe('what is visible', () => {
  const pts = Array.from({ length: 100 }, (_, i) => ({ t: i * HOUR, price: 1.2 + (i % 10) / 1000 }));

  it('selects the points in the window, inclusive', () => {
    const inView = pointsIn(pts, { min: 10 * HOUR, max: 19 * HOUR });
    expect(inView.map((p) => p.t / HOUR)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(pointsIn(pts, { min: -5 * HOUR, max: -1 })).toEqual([]);
  });

  it('pads the price axis by 10% of the visible range', () => {
    const r = priceAxisRange(pointsIn(pts, { min: 0, max: 9 * HOUR }))!;
    expect(r.min).toBeCloseTo(1.2 - 0.0009, 10);
    expect(r.max).toBeCloseTo(1.209 + 0.0009, 10);
    expect(priceAxisRange([{ t: 0, price: 1.3 }])).toEqual({ min: 1.2999, max: 1.3001 });
    expect(priceAxisRange([])).toBeUndefined();
  });

  it('shows markers for at most 50 points or above zoom 2', () => {
    expect(showMarkers(50, 1)).toBe(true);
    expect(showMarkers(51, 1)).toBe(false);
    expect(showMarkers(500, 2)).toBe(false);
    expect(showMarkers(500, 2.0736)).toBe(true);
  });

  it('picks the nearest point to a click', () => {
    expect(nearestPoint(pts, 10.4 * HOUR)?.t).toBe(10 * HOUR);
    expect(nearestPoint(pts, 10.6 * HOUR)?.t).toBe(11 * HOUR);
    expect(nearestPoint([], 0)).toBeUndefined();
  });
});

// The chart's view maths, pure so it can be reasoned about (and tested) without a canvas: gaps for
// closed markets, the visible window from zoom and pan, the padded price axis and when to draw markers
// (spec §4 Historical fetch: "normal or pan mode, zoom 0.5 to 10, pan offset"; §9 Chart).

export interface PricePoint {
  /** ms since epoch (UTC) */
  t: number;
  price: number;
}

/** What the line is drawn from: a null price breaks the line (weekends, holidays). */
export type PlotPoint = [t: number, price: number | null];

export interface TimeWindow {
  min: number;
  max: number;
}

export const ZOOM_STEP = 1.2;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 10;
/** Markers are drawn when this few points are visible, or when zoomed in further than MARKER_ZOOM. */
export const MARKER_MAX_POINTS = 50;
export const MARKER_ZOOM = 2;
/** The price axis extends this share of the visible price range above and below it. */
export const PRICE_PADDING = 0.1;

/**
 * Consecutive points further apart than two buckets get a null point between them, so the line stops at
 * Friday's close and starts again on Sunday night instead of drawing a straight line across the weekend.
 */
export function withGaps(points: readonly PricePoint[], bucketMs: number): PlotPoint[] {
  const out: PlotPoint[] = [];
  let prev: PricePoint | undefined;
  for (const p of points) {
    if (prev && p.t - prev.t > 2 * bucketMs) out.push([prev.t + bucketMs, null]);
    out.push([p.t, p.price]);
    prev = p;
  }
  return out;
}

/** The chart's own view state: how far it is zoomed and how far (ms) its centre is panned from the data's centre. */
export interface ChartView {
  zoom: number;
  panMs: number;
}

export const INITIAL_VIEW: ChartView = { zoom: 1, panMs: 0 };

const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

/** One step in (×1.2) or out (÷1.2), kept within 0.5–10. The window narrows or widens around its centre. */
export function zoomBy(view: ChartView, direction: 'in' | 'out'): ChartView {
  // Rounded so that stepping in and back out lands exactly on 1 again.
  const next = direction === 'in' ? view.zoom * ZOOM_STEP : view.zoom / ZOOM_STEP;
  return { ...view, zoom: clampZoom(Math.round(next * 1e6) / 1e6) };
}

export const canZoom = (view: ChartView, direction: 'in' | 'out') =>
  direction === 'in' ? view.zoom < ZOOM_MAX - 1e-9 : view.zoom > ZOOM_MIN + 1e-9;

/** The data's first and last instants. */
export function domainOf(points: readonly PricePoint[]): TimeWindow | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  return first && last ? { min: first.t, max: last.t } : undefined;
}

/** The visible stretch of time: the data's span divided by the zoom, centred on the (panned) centre. */
export function visibleWindow(domain: TimeWindow, view: ChartView): TimeWindow {
  const span = Math.max(domain.max - domain.min, 60_000);
  const half = span / view.zoom / 2;
  const centre = (domain.min + domain.max) / 2 + view.panMs;
  return { min: centre - half, max: centre + half };
}

/** Moves the view by `deltaMs`, keeping its centre over the data so it can never be panned into emptiness. */
export function panBy(view: ChartView, domain: TimeWindow, deltaMs: number): ChartView {
  const halfSpan = (domain.max - domain.min) / 2;
  const panMs = Math.min(halfSpan, Math.max(-halfSpan, view.panMs + deltaMs));
  return { ...view, panMs };
}

/** The points inside the window (a binary search each end: the series is sorted by time). */
export function pointsIn(points: readonly PricePoint[], window: TimeWindow): PricePoint[] {
  const firstAtOrAfter = (t: number) => {
    let lo = 0;
    let hi = points.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((points[mid] as PricePoint).t < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const start = firstAtOrAfter(window.min);
  let end = firstAtOrAfter(window.max);
  if (end < points.length && (points[end] as PricePoint).t === window.max) end++;
  return points.slice(start, end);
}

/** The price axis for what is visible: its lowest and highest price, padded 10% of their range each side. */
export function priceAxisRange(visible: readonly PricePoint[]): TimeWindow | undefined {
  if (visible.length === 0) return undefined;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const p of visible) {
    if (p.price < lo) lo = p.price;
    if (p.price > hi) hi = p.price;
  }
  // A flat line still needs some room: a pip either side.
  const pad = hi > lo ? (hi - lo) * PRICE_PADDING : 0.0001;
  return { min: lo - pad, max: hi + pad };
}

export const showMarkers = (visibleCount: number, zoom: number) =>
  visibleCount <= MARKER_MAX_POINTS || zoom > MARKER_ZOOM;

/** The point nearest to an instant (what a click on the chart picks), among those given. */
export function nearestPoint(points: readonly PricePoint[], t: number): PricePoint | undefined {
  let best: PricePoint | undefined;
  for (const p of points) if (!best || Math.abs(p.t - t) < Math.abs(best.t - t)) best = p;
  return best;
}

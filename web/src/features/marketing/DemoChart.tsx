// The landing demo's chart: the product's own RateChart over a static series shipped with this chunk (no sign-in,
// no API call). Loaded only when the demo panel comes near the viewport (HistoricalDemo), so the landing page's
// first load carries neither ECharts nor the data.

import { type PricePoint, withGaps } from '../../lib/chart-view';
import RateChart from '../market/RateChart';
import series from './demo-series.json';

const HALF_HOUR = 30 * 60_000;
const points: PricePoint[] = (series.points as [number, number][]).map(([t, price]) => ({ t, price }));
const prices = points.map((p) => p.price);
const low = Math.min(...prices);
const high = Math.max(...prices);
const pad = (high - low) * 0.1;
const data = withGaps(points, HALF_HOUR);
const win = { min: points[0]?.t ?? 0, max: points[points.length - 1]?.t ?? 0 };

export default function DemoChart({ height }: { height: number }) {
  return (
    <RateChart
      data={data}
      pickable={points}
      window={win}
      priceRange={{ min: low - pad, max: high + pad }}
      markers={false}
      height={height}
      panMode={false}
      onPick={() => {}}
      onPan={() => {}}
    />
  );
}

import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { type CurrencyPair, INTERVAL_MINUTES, pairLabel, TIMEFRAMES, type Timeframe } from '@pippitch/shared/pairs';
import { type ReactNode, useMemo, useState } from 'react';
import { StrokeIcon } from '../../components/Icon';
import { TimeframeButtons } from '../../components/TimeframeButtons';
import {
  type ChartView,
  canZoom,
  domainOf,
  INITIAL_VIEW,
  type PricePoint,
  panBy,
  pointsIn,
  priceAxisRange,
  showMarkers,
  visibleWindow,
  withGaps,
  zoomBy,
} from '../../lib/chart-view';
import { trpc } from '../../lib/trpc';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { precisionLabel, seriesSourceLabel } from './labels';
import RateChart from './RateChart';

export const NO_DATA_MESSAGE = 'No historical data available for this date range';
export const LOAD_FAILED_MESSAGE = 'Failed to load historical data from database';

/**
 * The price chart: timeframe buttons, pan and zoom tools, the data-source and precision badges, and the
 * chart itself. A click on the chart picks that point's rate.
 */
export function HistoricalChart({ pair, onPick }: { pair: CurrencyPair; onPick(point: PricePoint): void }) {
  const [timeframe, setTimeframe] = useState<Timeframe>('1M');
  const [view, setView] = useState<ChartView>(INITIAL_VIEW);
  const [panMode, setPanMode] = useState(false);
  const narrow = useMediaQuery('(max-width: 767px)');
  const series = trpc.market.series.useQuery({ pair, timeframe });

  // A new pair or timeframe starts from the whole series again.
  const [shown, setShown] = useState({ pair, timeframe });
  if (shown.pair !== pair || shown.timeframe !== timeframe) {
    setShown({ pair, timeframe });
    setView(INITIAL_VIEW);
  }

  const points = series.data?.points;
  const interval = series.data?.interval ?? TIMEFRAMES[timeframe].interval;
  const plot = useMemo(() => {
    if (!points?.length) return undefined;
    const domain = domainOf(points);
    if (!domain) return undefined;
    return { domain, data: withGaps(points, INTERVAL_MINUTES[interval] * 60_000) };
  }, [points, interval]);
  const visible = useMemo(() => {
    if (!plot || !points) return undefined;
    const window = visibleWindow(plot.domain, view);
    const inView = pointsIn(points, window);
    return { window, points: inView, priceRange: priceAxisRange(inView) };
  }, [plot, points, view]);

  const source = series.data ? seriesSourceLabel(series.data.sources) : undefined;
  const height = narrow ? 250 : 350;

  let body: ReactNode;
  if (series.isPending) body = <ChartMessage height={height}>Loading chart data...</ChartMessage>;
  else if (series.isError)
    body = (
      <ChartMessage height={height} error>
        {LOAD_FAILED_MESSAGE}
      </ChartMessage>
    );
  else if (!plot || !visible)
    body = (
      <ChartMessage height={height} error>
        {NO_DATA_MESSAGE}
      </ChartMessage>
    );
  else
    body = (
      <RateChart
        data={plot.data}
        pickable={visible.points}
        window={visible.window}
        priceRange={visible.priceRange}
        markers={showMarkers(visible.points.length, view.zoom)}
        height={height}
        panMode={panMode}
        decimals={pairInfo(pair).decimals}
        onPick={onPick}
        onPan={(deltaMs) => setView((v) => panBy(v, plot.domain, deltaMs))}
      />
    );

  const ready = Boolean(plot);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <TimeframeButtons
          value={timeframe}
          onChange={setTimeframe}
          className="inline-flex rounded-lg bg-slate-100 p-1"
          buttonClass={(pressed) =>
            `min-w-10 rounded-md px-2 py-1.5 sm:min-w-12 sm:px-3 text-sm font-semibold ${pressed ? 'bg-white text-brand-800 shadow' : 'text-slate-600 hover:text-slate-900'}`
          }
        />
        <fieldset className="inline-flex items-center gap-1">
          <legend className="sr-only">Chart tools</legend>
          <ToolButton
            label="Pan mode"
            pressed={panMode}
            disabled={!ready}
            onClick={() => setPanMode((on) => !on)}
            icon={HAND}
          />
          <ToolButton
            label="Zoom in"
            disabled={!ready || !canZoom(view, 'in')}
            onClick={() => setView((v) => zoomBy(v, 'in'))}
            icon={ZOOM_IN}
          />
          <ToolButton
            label="Zoom out"
            disabled={!ready || !canZoom(view, 'out')}
            onClick={() => setView((v) => zoomBy(v, 'out'))}
            icon={ZOOM_OUT}
          />
          <ToolButton label="Reset view" disabled={!ready} onClick={() => setView(INITIAL_VIEW)} icon={RESET} />
        </fieldset>
      </div>

      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        {source && (
          <span
            className="rounded-full bg-sky-50 px-2.5 py-1 text-sky-800 ring-1 ring-sky-200"
            data-testid="source-badge"
          >
            {source}
          </span>
        )}
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700 ring-1 ring-slate-200">
          {precisionLabel(interval, series.data?.source)}
        </span>
        {view.zoom !== 1 && <span className="font-normal text-slate-500">Zoom {view.zoom.toFixed(1)}×</span>}
      </div>

      <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        {body}
        <figcaption className="sr-only">
          {pairLabel(pair)} price chart, {timeframe}, London time
        </figcaption>
      </figure>
      {ready && (
        <p className="text-xs text-slate-500" aria-live="polite">
          {panMode ? 'Drag to pan, click hand to exit' : 'Click to select rate'}
        </p>
      )}
    </div>
  );
}

function ChartMessage({ height, error, children }: { height: number; error?: boolean; children: ReactNode }) {
  return (
    <div
      role={error ? 'alert' : 'status'}
      style={{ height }}
      className={`flex items-center justify-center px-4 text-center text-sm ${error ? 'text-red-700' : 'text-slate-500'}`}
    >
      {children}
    </div>
  );
}

function ToolButton(props: { label: string; icon: ReactNode; onClick(): void; disabled?: boolean; pressed?: boolean }) {
  const on = props.pressed === true;
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
      className={`rounded-lg p-1.5 ring-1 sm:p-2 disabled:cursor-not-allowed disabled:opacity-40 ${on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
    >
      <StrokeIcon>{props.icon}</StrokeIcon>
    </button>
  );
}

const HAND = (
  <path d="M18 11V6a2 2 0 0 0-4 0v5M14 10V4a2 2 0 0 0-4 0v6M10 10.5V6a2 2 0 0 0-4 0v8M18 8a2 2 0 1 1 4 0v6a8 8 0 0 1-8 8h-2c-2.8 0-4.5-.86-5.99-2.34l-3.6-3.6a2 2 0 0 1 2.83-2.82L7 15" />
);
const ZOOM_IN = (
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.35-4.35M11 8v6M8 11h6" />
  </>
);
const ZOOM_OUT = (
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.35-4.35M8 11h6" />
  </>
);
const RESET = (
  <>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
  </>
);

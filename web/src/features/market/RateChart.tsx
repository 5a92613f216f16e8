// The one file that touches ECharts. Tree-shaken: only the line chart, grid, tooltip (with its axis
// pointer) and the canvas renderer, so the modal's chunk stays small and the calculator's entry never
// carries any of it.
import { formatLondonDateTime, londonDateOf } from '@pippitch/shared/time';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM build: the CommonJS lib/core's default export arrives as a namespace object under Vite 8.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useMemo, useRef } from 'react';
import { nearestPoint, type PlotPoint, type PricePoint, type TimeWindow } from '../../lib/chart-view';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

type ECharts = ReturnType<typeof echarts.init>;
type ChartOption = echarts.ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

const BRAND = '#0f766e';

// Axis labels in London time whatever the viewer's machine is set to (design §3).
const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
// Month names as formatLondonDateTime writes them (ICU's en-GB would give 'Sept').
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const londonDay = {
  format(ms: number) {
    const date = londonDateOf(new Date(ms));
    return `${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
  },
};

export interface RateChartProps {
  /** The line, with null prices where the market was closed. */
  data: PlotPoint[];
  /** The points a click may pick (the visible ones). */
  pickable: PricePoint[];
  window: TimeWindow;
  priceRange: TimeWindow | undefined;
  markers: boolean;
  height: number;
  panMode: boolean;
  onPick(point: PricePoint): void;
  /** A drag in pan mode moved the view by this much time (positive: towards later prices). */
  onPan(deltaMs: number): void;
  /** Decimals of the pair's prices (the catalogue's: 4 for the six, 2 for a yen quote). */
  decimals?: number;
}

/** The tooltip and crosshair: the minute in London time and its price, or that the market was closed. */
function tooltipOption(panMode: boolean, decimals: number): TooltipComponentOption {
  return {
    show: !panMode,
    trigger: 'axis',
    axisPointer: {
      type: 'cross',
      label: {
        backgroundColor: '#334155',
        formatter: ({ axisDimension, value }) =>
          axisDimension === 'x' ? formatLondonDateTime(new Date(Number(value))) : Number(value).toFixed(decimals),
      },
    },
    formatter: (params) => {
      const points = (Array.isArray(params) ? params : [params]).map((p) => p.value as PlotPoint);
      const point = points.find((p) => p[1] != null) ?? points[0];
      if (!point) return '';
      const [t, price] = point;
      const when = `<div style="color:#475569">${formatLondonDateTime(new Date(t))} (London)</div>`;
      if (price == null) return `${when}<div>Market closed</div>`;
      return `${when}<div style="font-size:15px;font-weight:700;color:#0f172a">${price.toFixed(decimals)}</div><div style="color:${BRAND};font-size:11px">Click to select rate</div>`;
    },
  };
}

type OptionInput = Pick<RateChartProps, 'data' | 'priceRange' | 'markers' | 'panMode'> & {
  /** The time axis's ends (the window's). */
  min: number;
  max: number;
  decimals: number;
};

/** The chart's whole option: the price line over a London-time axis, its price axis and the tooltip. */
function rateChartOption({ data, min, max, priceRange, markers, panMode, decimals }: OptionInput): ChartOption {
  const shortSpan = max - min <= 2 * 86_400_000;
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: tooltipOption(panMode, decimals),
    xAxis: {
      type: 'time',
      min,
      max,
      axisLabel: {
        hideOverlap: true,
        color: '#64748b',
        // Within a day or two: times, with the date at London midnight. Longer: dates.
        formatter: (value: number) => {
          if (!shortSpan) return londonDay.format(value);
          const time = londonTime.format(value);
          return time === '00:00' ? londonDay.format(value) : time;
        },
      },
      axisLine: { lineStyle: { color: '#cbd5e1' } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      scale: true,
      min: priceRange ? priceRange.min : undefined,
      max: priceRange ? priceRange.max : undefined,
      // The padded ends are not round numbers; label only the ticks between them.
      axisLabel: {
        color: '#64748b',
        showMinLabel: false,
        showMaxLabel: false,
        formatter: (value: number) => value.toFixed(decimals),
      },
      splitLine: { lineStyle: { color: '#f1f5f9' } },
    },
    series: [
      {
        id: 'price',
        type: 'line',
        data,
        connectNulls: false,
        showSymbol: markers,
        symbol: 'circle',
        symbolSize: 6,
        lineStyle: { color: BRAND, width: 2 },
        itemStyle: { color: BRAND },
        areaStyle: { color: 'rgba(15, 118, 110, 0.08)', origin: 'start' },
        emphasis: { disabled: true },
      },
    ],
  };
}

/**
 * Pan mode: dragging moves the window by the distance dragged, measured in the axis's time per pixel. Returns the
 * pointer handlers of the chart's wrapper; a drag reports through the latest props' `onPan`.
 */
function usePanDrag(chart: RefObject<ECharts | null>, panMode: boolean, latest: RefObject<RateChartProps>) {
  const drag = useRef<{ x: number; msPerPx: number; pointerId: number } | null>(null);
  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    const instance = chart.current;
    if (!panMode || !instance) return;
    const a = instance.convertFromPixel({ xAxisIndex: 0 }, 0) as number;
    const b = instance.convertFromPixel({ xAxisIndex: 0 }, 100) as number;
    drag.current = { x: e.clientX, msPerPx: (b - a) / 100, pointerId: e.pointerId };
    e.currentTarget.setPointerCapture(e.pointerId);
  }
  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.x;
    if (dx === 0) return;
    d.x = e.clientX;
    // Dragging right brings earlier prices into view.
    latest.current.onPan(-dx * d.msPerPx);
  }
  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
  }
  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}

export default function RateChart(props: RateChartProps) {
  const { data, window: win, priceRange, markers, height, panMode, decimals = 4 } = props;
  const chart = useRef<ECharts | null>(null);
  // ECharts listeners are bound once; they read the latest props through this ref.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const pan = usePanDrag(chart, panMode, latest);
  const option = useMemo(
    () => rateChartOption({ data, min: win.min, max: win.max, priceRange, markers, panMode, decimals }),
    [data, win.min, win.max, priceRange, markers, panMode, decimals],
  );

  // A click anywhere over the plot picks the point the crosshair is on (the nearest in time), not only
  // a click that lands exactly on a 6-pixel marker.
  function onChartReady(instance: ECharts) {
    chart.current = instance;
    instance.getZr().on('click', (e: { offsetX: number; offsetY: number }) => {
      const { panMode: panning, pickable, onPick } = latest.current;
      if (panning || !instance.containPixel('grid', [e.offsetX, e.offsetY])) return;
      const t = instance.convertFromPixel({ xAxisIndex: 0 }, e.offsetX) as number;
      const best = nearestPoint(pickable, t);
      if (best) onPick(best);
    });
  }

  useEffect(
    () => () => {
      chart.current = null;
    },
    [],
  );

  return (
    <div
      {...pan}
      className={panMode ? 'cursor-grab touch-none select-none active:cursor-grabbing' : 'cursor-crosshair'}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        style={{ height, width: '100%' }}
        onChartReady={onChartReady}
      />
    </div>
  );
}

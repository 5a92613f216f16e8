// A pack's chart: each trade's markup in bps over time (issue 14 §3). ECharts tree-shaken to the scatter chart,
// grid and tooltip on the canvas renderer, and loaded lazily, so the pack page's first paint carries none of it.
import { axisDate, spansYears } from '@pippitch/shared/chart-axis';
import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
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
import { useMemo } from 'react';

echarts.use([ScatterChart, GridComponent, TooltipComponent, CanvasRenderer]);

type ChartOption = echarts.ComposeOption<ScatterSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface PackChartProps {
  /** [trade instant ms, markup bps] for every trade with a price. */
  points: [number, number][];
  height: number;
}

export default function PackChart({ points, height }: PackChartProps) {
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'item',
        formatter: (p) => {
          // An item tooltip of this scatter series: its value is the [time, bps] pair given below.
          const item = Array.isArray(p) ? p[0] : p;
          const [t, bps] = (item?.value ?? [0, 0]) as [number, number];
          return `${new Date(t).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' })} London<br/>Markup ${bps} bps`;
        },
      },
      // Dates on the axis ('3 Jul', with the year when the trades span more than one), never bare day numbers or
      // hours; at most one label a day (issue 22 §3).
      xAxis: {
        type: 'time',
        minInterval: 86_400_000,
        axisLabel: {
          fontSize: 11,
          hideOverlap: true,
          formatter: (value: number) => axisDate(value, spansYears(points.map(([t]) => t))),
        },
      },
      yAxis: { type: 'value', name: 'bps', nameTextStyle: { fontSize: 11 }, axisLabel: { fontSize: 11 } },
      series: [{ type: 'scatter', data: points, symbolSize: 7, itemStyle: { color: '#0f766e' } }],
    }),
    [points],
  );
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}

// The dashboard's chart: calculations per London day, one stacked bar per broker. ECharts tree-shaken to the bar
// chart, grid, tooltip and legend on the canvas renderer, loaded lazily (like the history chart) so the dashboard's
// first paint and every other page's entry carry none of it.
import { formatIsoDate } from '@pippitch/shared/time';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM build: the CommonJS lib/core's default export arrives as a namespace object under Vite 8.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type ChartOption = echarts.ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

const COLOURS = ['#0f766e', '#2563eb', '#d97706', '#7c3aed', '#db2777', '#059669', '#dc2626', '#4b5563', '#94a3b8'];

export interface ActivityChartProps {
  days: string[];
  series: { name: string; counts: number[] }[];
  height: number;
}

export default function ActivityChart({ days, series, height }: ActivityChartProps) {
  const option = useMemo<ChartOption>(
    () => ({
      color: COLOURS,
      animation: false,
      grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
      legend: { bottom: 0, type: 'scroll', textStyle: { fontSize: 11 } },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: days.map((d) => formatIsoDate(d).replace(/ \d{4}$/, '')),
        axisLabel: { fontSize: 11, hideOverlap: true },
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 11 } },
      series: series.map((s) => ({
        type: 'bar',
        name: s.name,
        stack: 'calculations',
        data: s.counts,
        barMaxWidth: 40,
      })),
    }),
    [days, series],
  );
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={{ ...option, grid: { ...option.grid, bottom: 36 } }}
      notMerge
      style={{ height, width: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}

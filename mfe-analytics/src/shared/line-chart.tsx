// The chart's own chunk: loaded by trend-chart.tsx through React.lazy, so ApexCharts stays out of the area's first
// load. The core build with only the line type and the legend keeps the chunk small.
import Chart from 'react-apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/features/legend';
import type { ApexOptions } from 'apexcharts';
import { colors, fonts } from '@tunehouse/ui';
import { dayTime, formatDay } from './dates.js';
import { formatCount } from './numbers.js';
import type { ChartLine } from './series-points.js';

/** Distinct line colours, the brand's first; readable on white. */
const PALETTE = [
  colors.primary,
  '#e4572e',
  '#17a398',
  '#f2a541',
  '#2456c7',
  '#c23b80',
  '#6a994e',
  '#8d6a9f',
  '#33658a',
  '#9c6644',
];

export interface LineChartProps {
  lines: ChartLine[];
  height: number;
}

/** Stream lines over time with a datetime axis (UTC days) and a legend under the chart. */
export default function LineChart({ lines, height }: LineChartProps) {
  const series = lines.map((line) => ({
    name: line.name,
    data: line.points.map((point) => ({ x: dayTime(point.start), y: point.value })),
  }));
  const options: ApexOptions = {
    chart: {
      type: 'line',
      fontFamily: fonts.body,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      parentHeightOffset: 0,
      // The picture is hidden from assistive technology (trend-chart.tsx gives a summary, the table the figures):
      // ApexCharts' own keyboard focus inside an aria-hidden box would reach elements nobody can hear.
      accessibility: { enabled: false },
    },
    colors: PALETTE,
    stroke: { width: 2, curve: 'straight' },
    markers: { size: 0, hover: { size: 4 } },
    dataLabels: { enabled: false },
    grid: { borderColor: colors.border, strokeDashArray: 3 },
    xaxis: {
      type: 'datetime',
      labels: { datetimeUTC: true, style: { colors: colors.muted } },
      tooltip: { enabled: false },
    },
    yaxis: {
      min: 0,
      forceNiceScale: true,
      labels: {
        formatter: (value: number) => formatCount(Math.round(value)),
        style: { colors: colors.muted },
      },
    },
    tooltip: {
      shared: true,
      x: { formatter: (value: number) => formatDay(new Date(value).toISOString()) },
      y: { formatter: (value: number) => formatCount(value) },
    },
    legend: { position: 'bottom', horizontalAlign: 'left', fontSize: '13px' },
  };
  return <Chart type="line" series={series} options={options} height={height} width="100%" />;
}

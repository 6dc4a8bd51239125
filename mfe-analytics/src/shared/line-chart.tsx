// The chart's own chunk: loaded by trend-chart.tsx through React.lazy, so ApexCharts stays out of the area's first
// load. The core build with only the line type keeps the chunk small: the legend is trend-chart.tsx's own HTML.
import Chart from 'react-apexcharts/core';
import 'apexcharts/line';
import type { ApexOptions } from 'apexcharts';
import { colors, fonts } from '@tunehouse/ui';
import { lineColour } from './chart-palette.js';
import { dayTime, formatDay } from './dates.js';
import { formatCount } from './numbers.js';
import type { ChartLine } from './series-points.js';

export interface LineChartProps {
  lines: ChartLine[];
  /** The lines' places in the legend, for their colours (a hidden line leaves its colour unused). */
  places: number[];
}

/**
 * Stream lines over time with a datetime axis (UTC days), as tall as its box. No legend of ApexCharts' own: it
 * measured each entry's box with forced layouts, a long task of its own on a slow phone.
 */
export default function LineChart({ lines, places }: LineChartProps) {
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
    colors: places.map(lineColour),
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
    legend: { show: false },
  };
  return <Chart type="line" series={series} options={options} height="100%" width="100%" />;
}

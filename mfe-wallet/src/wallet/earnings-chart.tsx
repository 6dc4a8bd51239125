// The chart's own chunk: loaded by earnings.tsx through React.lazy, so ApexCharts stays out of the area's first
// load. The core build with only the bar type keeps the chunk small.
import Chart from 'react-apexcharts/core';
import 'apexcharts/bar';
import type { ApexOptions } from 'apexcharts';
import type { WalletEarningsMonth } from '@tunehouse/contracts';
import { colors, fonts, formatShortMonth } from '@tunehouse/ui';
import { formatMoney } from '../shared/money.js';

export interface EarningsChartProps {
  months: readonly WalletEarningsMonth[];
  currency: string;
  height: number;
}

/**
 * Credited cents per closed month as bars, oldest month on the left. A month a correction took below zero
 * (docs/decisions/0078-corrections-and-negative-balances.md) is drawn below the axis, in the danger colour.
 */
export default function EarningsChart({ months, currency, height }: EarningsChartProps) {
  const anyNegative = months.some((month) => month.credited < 0);
  const options: ApexOptions = {
    chart: {
      type: 'bar',
      fontFamily: fonts.body,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      parentHeightOffset: 0,
      // The picture is hidden from assistive technology (earnings.tsx gives a summary and the table the figures):
      // ApexCharts' own keyboard focus inside an aria-hidden box would reach elements nobody can hear.
      accessibility: { enabled: false },
    },
    colors: [({ value }: { value: number }) => (value < 0 ? colors.danger : colors.primary)],
    plotOptions: { bar: { columnWidth: '60%', borderRadius: 2 } },
    dataLabels: { enabled: false },
    grid: { borderColor: colors.border, strokeDashArray: 3 },
    xaxis: {
      // Short names: a phone's width holds every second one of a year's, never a long one's.
      categories: months.map((month) => formatShortMonth(month.period.month)),
      // Level labels, and those that would overlap left out: rotated ones ran into each other at 375 px.
      labels: { style: { colors: colors.muted }, rotate: 0, hideOverlappingLabels: true, trim: false },
      tooltip: { enabled: false },
    },
    yaxis: {
      ...(anyNegative ? {} : { min: 0 }),
      forceNiceScale: true,
      labels: {
        formatter: (value: number) => formatMoney(Math.round(value), currency),
        style: { colors: colors.muted },
      },
    },
    tooltip: { y: { formatter: (value: number) => formatMoney(value, currency) } },
    legend: { show: false },
  };
  const series = [{ name: 'Credited', data: months.map((month) => month.credited) }];
  return <Chart type="bar" series={series} options={options} height={height} width="100%" />;
}

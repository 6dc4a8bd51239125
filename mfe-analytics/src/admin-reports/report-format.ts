import { PLATFORM_NAMES, type Platform, type ReportFile } from '@tunehouse/contracts';
import { formatCalendarDay, formatMonth } from '@tunehouse/ui';

export const FORMAT_LABELS: Record<ReportFile['format'], string> = {
  DDEX_DSR: 'DDEX DSR',
  CSV: 'CSV',
  DEMO: 'Demo data',
};

/** A report's days as dd-MM-yyyy: one day, a range, or a dash before the file is read. */
export function period(firstDay: string | null, lastDay: string | null): string {
  if (!firstDay) return '—';
  if (!lastDay || lastDay === firstDay) return formatCalendarDay(firstDay);
  return `${formatCalendarDay(firstDay)} – ${formatCalendarDay(lastDay)}`;
}

/**
 * What a file that restated closed months says (docs/decisions/0079-restated-months.md): "Restates closed October
 * 2026" (its differences are booked in the open month).
 */
export function restatedText(months: readonly string[]): string {
  return `Restates closed ${months.map(formatMonth).join(', ')}`;
}

/** The store's name when the loader recognised it (`SPOTIFY`), else what the report said (`UNKNOWN` included). */
export const platformName = (value: string) =>
  value in PLATFORM_NAMES ? PLATFORM_NAMES[value as Platform] : value;

/** Bytes for people: 512 KB, 48.2 MB. */
export function bytes(value: number): string {
  if (value < 1000) return `${value} B`;
  if (value < 1_000_000) return `${Math.round(value / 1000)} KB`;
  if (value < 1_000_000_000) return `${(value / 1_000_000).toFixed(1)} MB`;
  return `${(value / 1_000_000_000).toFixed(2)} GB`;
}

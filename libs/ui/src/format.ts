/** Durations display as mm:ss, or h:mm:ss from an hour on. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** The default date format, dd-MM-yyyy. */
export function formatDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** A moment (submitted, uploaded) as dd-MM-yyyy with the local time, for lists worked by time; a dash if invalid. */
export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A calendar day (YYYY-MM-DD, as release dates and report days travel) as dd-MM-yyyy, read without a time zone so
 * it never shifts by a day west of UTC; any other date string goes through formatDate, and nothing is a dash.
 */
export function formatCalendarDay(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : formatDate(value) || '—';
}

const monthFormat = (month: string, options: Intl.DateTimeFormatOptions) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
};

/** A month as `YYYY-MM` (how the API names a royalty period) in words: "2026-10" → "October 2026". */
export const formatMonth = (month: string): string => monthFormat(month, { month: 'long', year: 'numeric' });

/** The same month short, "Oct 26": where a phone's width must hold a year of them, as on a chart's axis. */
export const formatShortMonth = (month: string): string =>
  monthFormat(month, { month: 'short', year: '2-digit' });

import { STORES, type Store, TERRITORIES } from '@tunehouse/contracts';

/** The report formats the loader reads (contracts); DEMO is the seeded generator's data set. */
export { REPORT_FORMATS, type ReportFormat } from '@tunehouse/contracts';

/** A playlist as a report line names it. */
export type PlaylistRef = {
  /** The platform's own id of the playlist. */
  externalId: string;
  title: string;
  author: string;
  followers: number | null;
  url: string | null;
  imageUrl: string | null;
};

/**
 * One usage line of a report: streams of one recording on one platform in one territory over a period of days
 * (first and last day included; one day when they are equal). The loader spreads a period evenly over its days.
 */
export type UsageRow = {
  /** 1-based line number in the file (errors and unmatched lines name it). */
  line: number;
  firstDay: string;
  lastDay: string;
  platform: Store;
  /** ISO 3166-1 alpha-2, or null when the report names none (stored as ZZ). */
  territory: string | null;
  isrc: string | null;
  upc: string | null;
  streams: number;
  sub30: number;
  /** The line's revenue in micro-units of `currency`; null or absent when the report gives none. */
  revenueMicro?: number | null;
  /** ISO 4217; null or absent: the report names none (the loader's default currency applies). */
  currency?: string | null;
  /** Set on a playlist line: its streams are the part of the track's streams that came from the playlist. */
  playlist: PlaylistRef | null;
  /** The line as read, kept for the admins when nothing in the catalogue matches. */
  raw: string;
  /**
   * A correction line (docs/decisions/0078-corrections-and-negative-balances.md): the platform takes money back.
   * Its revenue is ≤ 0 and its streams and sub30 are 0 (a correction changes no play count, nor a fee paid in
   * streams). Absent on usage lines.
   */
  correction?: boolean;
};

/** A report line that cannot be read: says which file and line, and why. */
export class ReportParseError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'ReportParseError';
  }
}

/** Territory stored for "no territory named" (ISO 3166 user-assigned code). */
export const NO_TERRITORY = 'ZZ';

const TERRITORY_SET: ReadonlySet<string> = new Set(TERRITORIES);

/** An ISO code we know (contracts TERRITORIES), upper-cased; anything else (Worldwide, blank, unknown) is null. */
export function normalizeTerritory(value: string | undefined | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return TERRITORY_SET.has(code) ? code : null;
}

/** ISRC without hyphens or spaces, upper case; null unless it has the ISRC shape (CC XXX YY NNNNN). */
export function normalizeIsrc(value: string | undefined | null): string | null {
  const isrc = (value ?? '').replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc) ? isrc : null;
}

/** UPC-A (12 digits) or EAN-13; a 13-digit code with a leading 0 is the same product as its 12-digit UPC. */
export function normalizeUpc(value: string | undefined | null): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,14}$/.test(digits)) return null;
  return digits.length > 12 && digits.startsWith('0') ? normalizeUpc(digits.slice(1)) : digits;
}

// ---------------------------------------------------------------------------------------------------------------
// Days: YYYY-MM-DD strings, computed in UTC through day numbers (days since 1970-01-01).

const DAY_MS = 86_400_000;

export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

export function dayString(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayString(dayNumber(day) + days);
}

/** A real calendar date in YYYY-MM-DD (or YYYYMMDD) form, normalized to YYYY-MM-DD; otherwise null. */
export function parseDay(value: string): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : day;
}

function monthStart(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

function monthEnd(year: number, month: number): string {
  return month === 12 ? `${year}-12-31` : dayString(dayNumber(monthStart(year, month + 1)) - 1);
}

/**
 * A reporting period as DSR file names, DSR headers and our CSV layout write it: a day (2015-10-04, 20151004), a
 * month (2015-02), a quarter (2015-Q4), a half year (2015-H1), a year (2015), an ISO week (2015-W05) or an explicit
 * range (2015-10-01--2015-10-15, also with `/`). Answers the first and last day, or null.
 */
export function parsePeriod(value: string): { firstDay: string; lastDay: string } | null {
  const text = value.trim();
  const range = /^(.+?)(?:--|\/)(.+)$/.exec(text);
  if (range) {
    const from = parsePeriod(range[1]!);
    const to = parsePeriod(range[2]!);
    return from && to && from.firstDay <= to.lastDay
      ? { firstDay: from.firstDay, lastDay: to.lastDay }
      : null;
  }
  const day = parseDay(text);
  if (day) return { firstDay: day, lastDay: day };
  let match = /^(\d{4})-?(\d{2})$/.exec(text);
  if (match) {
    const [year, month] = [Number(match[1]), Number(match[2])];
    return month >= 1 && month <= 12
      ? { firstDay: monthStart(year, month), lastDay: monthEnd(year, month) }
      : null;
  }
  match = /^(\d{4})-?Q([1-4])$/i.exec(text);
  if (match) {
    const [year, quarter] = [Number(match[1]), Number(match[2])];
    return { firstDay: monthStart(year, quarter * 3 - 2), lastDay: monthEnd(year, quarter * 3) };
  }
  match = /^(\d{4})-?H([12])$/i.exec(text);
  if (match) {
    const [year, half] = [Number(match[1]), Number(match[2])];
    return { firstDay: monthStart(year, half * 6 - 5), lastDay: monthEnd(year, half * 6) };
  }
  match = /^(\d{4})-?W(\d{2})$/i.exec(text);
  if (match) {
    const [year, week] = [Number(match[1]), Number(match[2])];
    // ISO week 1 holds 4 January; weeks start on Monday.
    const jan4 = dayNumber(`${year}-01-04`);
    const monday = jan4 - ((new Date(jan4 * DAY_MS).getUTCDay() + 6) % 7) + (week - 1) * 7;
    return week >= 1 && week <= 53 ? { firstDay: dayString(monday), lastDay: dayString(monday + 6) } : null;
  }
  match = /^(\d{4})$/.exec(text);
  if (match) return { firstDay: `${match[1]}-01-01`, lastDay: `${match[1]}-12-31` };
  return null;
}

/** The oldest and newest days a report may name: a wrong date must not create partitions for far-off months. */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY_AHEAD_DAYS = 31;

/** A period longer than this is refused (a year is the longest reporting period in practice). */
export const MAX_PERIOD_DAYS = 366;

export function checkPeriod(
  period: { firstDay: string; lastDay: string },
  today = new Date(),
): string | null {
  const latest = dayString(Math.floor(today.getTime() / DAY_MS) + LATEST_DAY_AHEAD_DAYS);
  if (period.firstDay < EARLIEST_DAY || period.lastDay > latest)
    return `the period ${period.firstDay}..${period.lastDay} is outside ${EARLIEST_DAY}..${latest}`;
  if (dayNumber(period.lastDay) - dayNumber(period.firstDay) + 1 > MAX_PERIOD_DAYS)
    return `the period ${period.firstDay}..${period.lastDay} is longer than ${MAX_PERIOD_DAYS} days`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Services and senders to stores.

const squash = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Names services and senders go by in reports, squashed (upper case, letters and digits only). */
const STORE_ALIASES: Readonly<Record<string, Store>> = {
  ...Object.fromEntries(STORES.filter((store) => store !== 'UNKNOWN').map((store) => [squash(store), store])),
  APPLE: 'APPLE_MUSIC',
  APPLEMUSIC: 'APPLE_MUSIC',
  ITUNES: 'ITUNES',
  AMAZONMUSIC: 'AMAZON',
  AMAZONUNLIMITED: 'AMAZON',
  AMAZONPRIME: 'AMAZON',
  YOUTUBEMUSIC: 'YOUTUBE',
  YOUTUBECONTENTID: 'YOUTUBE',
  GOOGLE: 'YOUTUBE',
  META: 'FACEBOOK',
  FACEBOOKINSTAGRAM: 'FACEBOOK',
  SEVENDIGITAL: 'SEVEN_DIGITAL',
  '7DIGITAL': 'SEVEN_DIGITAL',
  NETEASECLOUDMUSIC: 'NETEASE',
  TENCENTMUSIC: 'TENCENT',
  TME: 'TENCENT',
  QQMUSIC: 'QQ_MUSIC',
  LINEMUSIC: 'LINE',
  CLAROMUSICA: 'CLARO',
  SAAVN: 'JIOSAAVN',
  YANDEXMUSIC: 'YANDEX',
  BUGSMUSIC: 'BUGS',
  SOUNDCLOUDGO: 'SOUNDCLOUD',
};

/** DDEX party ids (DPIDs) of senders seen in reports. The shared DSR samples name YouTube's. */
const SENDER_DPIDS: Readonly<Record<string, Store>> = {
  PADPIDA2013020802I: 'YOUTUBE',
};

const ALIAS_PREFIXES = Object.keys(STORE_ALIASES)
  .filter((alias) => alias.length >= 4)
  .sort((a, b) => b.length - a.length);

/**
 * The store a service or sender name stands for: an exact store id or alias ("Spotify", "apple-music",
 * "YouTube Music"), a known DPID, or a name starting with one ("Spotify Premium"). Null when none fits.
 */
export function storeFromName(value: string | undefined | null): Store | null {
  if (!value) return null;
  const dpid = SENDER_DPIDS[value.trim().toUpperCase()];
  if (dpid) return dpid;
  const name = squash(value);
  if (!name) return null;
  const exact = STORE_ALIASES[name];
  if (exact) return exact;
  const prefix = ALIAS_PREFIXES.find((alias) => name.startsWith(alias));
  return prefix ? STORE_ALIASES[prefix]! : null;
}

/** A whole, non-negative count; decimals ("2.0", as some DSRs write usages) are rounded. Null if not a count. */
export function parseCount(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const count = Math.round(Number(text));
  return count <= 2_147_483_647 ? count : null;
}

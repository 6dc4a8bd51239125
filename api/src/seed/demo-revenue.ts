import type { Store } from '@tunehouse/contracts';

/**
 * What a stream earns the distributor in the demo data set (docs/decisions/0043-plans-and-fees.md), after the
 * platform's own cut: a per-platform rate in the platform currency's micro-units for a stream in the United
 * States, times a territory factor (subscription prices and ad markets differ by country). Rough public figures:
 * Spotify about €0.003, Apple Music and Amazon nearer €0.005, Tidal and Qobuz the highest, YouTube, TikTok and
 * Facebook a fraction of a tenth of a cent. Streams shorter than 30 seconds earn nothing, as on most platforms.
 */
const PLATFORM_RATE_MICRO: Partial<Record<Store, number>> = {
  SPOTIFY: 3_200,
  APPLE_MUSIC: 5_600,
  AMAZON: 4_300,
  YOUTUBE: 1_100,
  TIKTOK: 400,
  DEEZER: 3_800,
  FACEBOOK: 500,
  TIDAL: 8_500,
  AUDIOMACK: 800,
  PANDORA: 1_300,
  JIOSAAVN: 300,
  TENCENT: 700,
  NETEASE: 600,
  ANGHAMI: 1_000,
  YANDEX: 900,
  LINE: 4_000,
  CLARO: 1_000,
  BUGS: 3_000,
  QOBUZ: 8_000,
  SEVEN_DIGITAL: 5_000,
  BEATPORT: 5_000,
};

/** Per territory, against the United States (1.0); unlisted territories 0.5. */
const TERRITORY_FACTOR: Readonly<Record<string, number>> = {
  US: 1,
  GB: 0.95,
  DE: 0.95,
  FR: 0.9,
  NL: 1,
  SE: 1.05,
  NO: 1.3,
  DK: 1.15,
  FI: 1,
  CH: 1.3,
  AT: 0.95,
  BE: 0.95,
  IE: 1,
  JP: 1.05,
  CA: 0.85,
  AU: 0.9,
  NZ: 0.85,
  ES: 0.7,
  IT: 0.7,
  PL: 0.45,
  KR: 0.6,
  TW: 0.45,
  AE: 0.5,
  SA: 0.45,
  CN: 0.35,
  TH: 0.3,
  ZA: 0.3,
  CL: 0.3,
  MX: 0.3,
  BR: 0.25,
  CO: 0.2,
  RU: 0.2,
  TR: 0.15,
  ID: 0.15,
  PH: 0.15,
  KZ: 0.15,
  AR: 0.12,
  EG: 0.1,
  IN: 0.08,
};

/** The demo revenue of a day's streams on one platform in one territory, in micro-units (whole numbers). */
export function demoRevenueMicro(
  platform: Store,
  territory: string | null,
  streams: number,
  sub30: number,
): number {
  const rate = PLATFORM_RATE_MICRO[platform] ?? 1_000;
  const factor = territory ? (TERRITORY_FACTOR[territory] ?? 0.5) : 0.5;
  return Math.round(Math.max(0, streams - sub30) * rate * factor);
}

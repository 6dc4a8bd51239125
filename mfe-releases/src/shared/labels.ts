import {
  GENRES,
  LANGUAGE_CODES,
  RELEASE_TYPES,
  type AlbumStatus,
  type Genre,
  type LanguageCode,
  type PlatformStatus,
  type ReleaseType,
  type DeliveryAction,
} from '@tunehouse/contracts';
import { colors, type SelectOption } from '@tunehouse/ui';

export const GENRE_NAMES: Readonly<Record<Genre, string>> = {
  ALTERNATIVE: 'Alternative',
  AUDIOBOOKS: 'Audiobooks',
  BLUES: 'Blues',
  CHILDRENS_MUSIC: "Children's music",
  CLASSICAL: 'Classical',
  COMEDY: 'Comedy',
  COUNTRY: 'Country',
  DANCE: 'Dance',
  ELECTRONIC: 'Electronic',
  FOLK: 'Folk',
  HIP_HOP_RAP: 'Hip-Hop/Rap',
  HOLIDAY: 'Holiday',
  INSPIRATIONAL: 'Inspirational',
  JAZZ: 'Jazz',
  LATIN: 'Latin',
  NEW_AGE: 'New Age',
  OPERA: 'Opera',
  POP: 'Pop',
  R_B_SOUL: 'R&B/Soul',
  REGGAE: 'Reggae',
  ROCK: 'Rock',
  SPOKEN_WORD: 'Spoken word',
  SOUNDTRACK: 'Soundtrack',
  VOCAL: 'Vocal',
};
export const GENRE_OPTIONS: SelectOption[] = GENRES.map((genre) => ({
  value: genre,
  label: GENRE_NAMES[genre],
}));

export const RELEASE_TYPE_NAMES: Readonly<Record<ReleaseType, string>> = {
  SINGLE: 'Single',
  EP: 'EP',
  ALBUM: 'Album',
  BOXSET: 'Box set',
};
export const RELEASE_TYPE_OPTIONS: SelectOption[] = (['SINGLE', 'EP', 'ALBUM', 'BOXSET'] as const)
  .filter((type) => RELEASE_TYPES.includes(type))
  .map((type) => ({ value: type, label: RELEASE_TYPE_NAMES[type] }));

/** Codes the browser cannot name by themselves (language plus script or region). */
const LANGUAGE_SPECIAL: Partial<Record<LanguageCode, string>> = {
  CMN_HANS: 'Mandarin Chinese (Simplified)',
  CMN_HANT: 'Mandarin Chinese (Traditional)',
  YUE_HANT: 'Cantonese (Traditional)',
  JA_KANA: 'Japanese (Kana)',
  JA_LATN: 'Japanese (Latin script)',
  ES_419: 'Spanish (Latin America)',
};

let languageNames: Intl.DisplayNames | null | undefined;
export function languageName(code: LanguageCode): string {
  const special = LANGUAGE_SPECIAL[code];
  if (special) return special;
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
    } catch {
      languageNames = null;
    }
  }
  const name = languageNames?.of(code.toLowerCase());
  return name && name.toLowerCase() !== code.toLowerCase() ? name : code;
}
export const languageOptions = (): SelectOption[] =>
  LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  );

/** The catalogue's status filter (the album's content status). */
export const ALBUM_STATUS_NAMES: Readonly<Record<AlbumStatus, string>> = {
  DRAFT: 'Draft',
  PUBLISHED: 'Published',
  EDITED: 'Changed since publishing',
};

export const PLATFORM_STATUS_NAMES: Readonly<Record<PlatformStatus, string>> = {
  PENDING: 'Pending',
  SUBMITTED: 'Submitted',
  REJECTED: 'Rejected',
  ACCEPTED: 'Accepted',
  LIVE: 'Live',
  UNKNOWN: 'Unknown',
};
export const PLATFORM_STATUS_COLORS: Readonly<Record<PlatformStatus, string>> = {
  PENDING: colors.muted,
  SUBMITTED: colors.info,
  REJECTED: colors.danger,
  ACCEPTED: colors.primary,
  LIVE: colors.success,
  UNKNOWN: colors.muted,
};

export const DELIVERY_ACTION_NAMES: Readonly<Record<DeliveryAction, string>> = {
  DELIVER: 'Delivery',
  UPDATE: 'Update',
  TAKEDOWN: 'Takedown',
};

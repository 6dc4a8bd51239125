import type { Genre, LanguageCode, ReleaseType } from './enums.js';
import type { ReportingPlan } from './fees.js';

/**
 * Genres as people read them. The spelling is the one the stores are sent in a release's DDEX message, so the
 * editor, the label copy (page and PDF) and the delivery all say the same thing.
 */
export const GENRE_NAMES: Readonly<Record<Genre, string>> = {
  ALTERNATIVE: 'Alternative',
  AUDIOBOOKS: 'Audiobooks',
  BLUES: 'Blues',
  CHILDRENS_MUSIC: "Children's Music",
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
  SPOKEN_WORD: 'Spoken Word',
  SOUNDTRACK: 'Soundtrack',
  VOCAL: 'Vocal',
};

/** An album's or a track's genres, primary first, as people read them (empty when it has none). */
export function genresText(item: { primaryGenre?: Genre | null; secondaryGenre?: Genre | null }): string {
  return [item.primaryGenre, item.secondaryGenre]
    .flatMap((genre) => (genre ? [GENRE_NAMES[genre]] : []))
    .join(', ');
}

/** Release types (an album's `format`) as people read them. */
export const RELEASE_TYPE_NAMES: Readonly<Record<ReleaseType, string>> = {
  SINGLE: 'Single',
  EP: 'EP',
  ALBUM: 'Album',
  BOXSET: 'Box set',
};

/** Codes Intl cannot name by themselves (language plus script or region). */
const LANGUAGE_SPECIAL: Partial<Record<LanguageCode, string>> = {
  CMN_HANS: 'Mandarin Chinese (Simplified)',
  CMN_HANT: 'Mandarin Chinese (Traditional)',
  YUE_HANT: 'Cantonese (Traditional)',
  JA_KANA: 'Japanese (Kana)',
  JA_LATN: 'Japanese (Latin script)',
  ES_419: 'Spanish (Latin America)',
};

let languageNames: Intl.DisplayNames | null | undefined;

/** A language code in English (`EN` → English); the code itself where the runtime has no name for it. */
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

/** Payment plans as people read them; the release editor, its distribution page and the wallet say the same. */
export const PLAN_NAMES: Readonly<Record<ReportingPlan['id'], string>> = {
  STANDARD: 'Standard',
  EARLY_ADOPTER: 'Early adopter',
  FREE_DISTRIBUTION: 'Free distribution',
  FREE: 'Free',
};

export const planName = (plan: Pick<ReportingPlan, 'id'>) => PLAN_NAMES[plan.id];

import {
  GENRES,
  GENRE_NAMES,
  RELEASE_TYPE_NAMES,
  languageName,
  LANGUAGE_CODES,
  RELEASE_TYPES,
  type AlbumStatus,
  type PlatformDelivery,
  type PlatformStatus,
  type DeliveryAction,
} from '@tunehouse/contracts';
import { colors, type SelectOption } from '@tunehouse/ui';

export const GENRE_OPTIONS: SelectOption[] = GENRES.map((genre) => ({
  value: genre,
  label: GENRE_NAMES[genre],
}));

export const RELEASE_TYPE_OPTIONS: SelectOption[] = (['SINGLE', 'EP', 'ALBUM', 'BOXSET'] as const)
  .filter((type) => RELEASE_TYPES.includes(type))
  .map((type) => ({ value: type, label: RELEASE_TYPE_NAMES[type] }));

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
/** A delivery's status in words: taken in before the release date reads as pre-release (decision 0066). */
export function deliveryStatusName(delivery: Pick<PlatformDelivery, 'status' | 'liveOn'>): string {
  return delivery.status === 'ACCEPTED' && delivery.liveOn
    ? 'Pre-release'
    : PLATFORM_STATUS_NAMES[delivery.status];
}

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

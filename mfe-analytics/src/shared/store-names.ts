import { PLATFORM_NAMES, type Store } from '@tunehouse/contracts';

const OTHER_STORE_NAMES: Partial<Record<Store, string>> = {
  SOUNDCLOUD: 'SoundCloud',
  INSTAGRAM: 'Instagram',
  ITUNES: 'iTunes',
  IHEARTRADIO: 'iHeartRadio',
  KKBOX: 'KKBOX',
  QQ_MUSIC: 'QQ Music',
  SIRIUSXM: 'SiriusXM',
  VK: 'VK',
  UNKNOWN: 'Other services',
};

/** A store's display name: the delivery platforms' names, a few spelled as the services do, else the id in words. */
export function storeName(store: Store): string {
  if (store in PLATFORM_NAMES) return PLATFORM_NAMES[store as keyof typeof PLATFORM_NAMES];
  const known = OTHER_STORE_NAMES[store];
  if (known) return known;
  return store
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

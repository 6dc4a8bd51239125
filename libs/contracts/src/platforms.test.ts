import { describe, expect, it } from 'vitest';
import { RELEASE_REVIEW_STATUSES } from './enums.js';
import {
  DELIVERY_ACTIONS,
  PLATFORMS,
  PLATFORM_NAMES,
  PLATFORM_STATUSES,
  STORES,
  albumPlatformEntriesSchema,
  albumPlatformEntrySchema,
  linkSchema,
  storeSchema,
  strictStoreSchema,
} from './platforms.js';

const pathOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('platforms', () => {
  it('are the 23 delivery platforms of the spec, each named', () => {
    expect(PLATFORMS).toHaveLength(23);
    expect(new Set(PLATFORMS).size).toBe(23);
    expect(PLATFORMS).toContain('SEVEN_DIGITAL');
    expect(PLATFORMS).not.toContain('INSTAGRAM');
    expect(Object.keys(PLATFORM_NAMES).sort()).toEqual([...PLATFORMS].sort());
  });

  it('are all stores too; stores are about 60 and read an unknown service as UNKNOWN', () => {
    expect(STORES).toHaveLength(60);
    expect(new Set(STORES).size).toBe(60);
    for (const platform of PLATFORMS) expect(STORES).toContain(platform);
    for (const named of ['SOUNDCLOUD', 'INSTAGRAM', 'NAPSTER', 'UNKNOWN']) expect(STORES).toContain(named);
    expect(storeSchema.parse('SPOTIFY')).toBe('SPOTIFY');
    expect(storeSchema.parse('MYSPACE')).toBe('UNKNOWN');
    expect(storeSchema.safeParse(null).success).toBe(false);
    expect(strictStoreSchema.safeParse('MYSPACE').success).toBe(false);
  });

  it('deliver with DELIVER, UPDATE and TAKEDOWN; statuses are the review statuses', () => {
    expect(DELIVERY_ACTIONS).toEqual(['DELIVER', 'UPDATE', 'TAKEDOWN']);
    expect(PLATFORM_STATUSES).toEqual(RELEASE_REVIEW_STATUSES);
  });
});

describe('album platform entry', () => {
  it('parses a delivered entry with an update pending, and one never delivered', () => {
    const entries = albumPlatformEntriesSchema.parse([
      {
        id: 'SPOTIFY',
        name: 'Spotify',
        current: { status: 'LIVE', action: 'DELIVER' },
        pending: { status: 'PENDING', action: 'UPDATE' },
      },
      { id: 'TIDAL', name: 'TIDAL', current: null },
    ]);
    expect(entries[0]?.pending?.action).toBe('UPDATE');
    expect(entries[1]?.current).toBeNull();
  });

  it('names the field of a wrong action or platform', () => {
    const badAction = albumPlatformEntrySchema.safeParse({
      id: 'SPOTIFY',
      name: 'Spotify',
      current: { status: 'LIVE', action: 'REMOVE' },
    });
    expect(pathOf(badAction)).toEqual(['current.action']);
    const badPlatform = albumPlatformEntrySchema.safeParse({ id: 'INSTAGRAM', name: 'Instagram' });
    expect(pathOf(badPlatform)).toEqual(['id']);
  });
});

describe('link', () => {
  it('parses a platform link and refuses a missing url', () => {
    const link = {
      platform: 'APPLE_MUSIC',
      platformId: '1440857781',
      url: 'https://music.apple.com/album/1440857781',
    };
    expect(linkSchema.parse(link)).toEqual(link);
    expect(pathOf(linkSchema.safeParse({ platform: 'APPLE_MUSIC', platformId: '1' }))).toEqual(['url']);
  });
});

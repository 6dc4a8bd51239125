import { describe, expect, it } from 'vitest';
import {
  ARTIST_ROLES,
  ARTIST_ROLE_NAMES,
  CREDIT_ROLES,
  CREDIT_ROLE_NAMES,
  ROLE_SCOPES,
  artistDetailSchema,
  artistPageSchema,
  artistProfileSchema,
  artistProfileSuggestionsSchema,
  artistReferenceSchema,
  artistSchema,
  contributorSchema,
  creditedArtistSchema,
  roleOptionsSchema,
  simpleReferenceSchema,
} from './artist.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

const stamps = { createdAt: '2024-03-01T10:00:00.000Z', updatedAt: '2024-03-02T10:00:00.000Z' };
const artist = { id: 12, name: 'Nova Lane', ...stamps };
const profile = {
  platform: 'SPOTIFY',
  platformId: '4Z8W4fKeB5YxbusRsdQVPb',
  name: 'Nova Lane',
  url: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
  imageUrl: 'https://i.scdn.co/image/ab67.jpg',
};

describe('roles', () => {
  it('are the spec lists: 2 artist roles, 9 credit roles, each with a display name', () => {
    expect(ARTIST_ROLES).toEqual(['PRIMARY', 'FEATURING']);
    expect(CREDIT_ROLES).toHaveLength(9);
    expect(new Set(CREDIT_ROLES).size).toBe(9);
    expect(Object.keys(CREDIT_ROLE_NAMES).sort()).toEqual([...CREDIT_ROLES].sort());
    expect(Object.keys(ARTIST_ROLE_NAMES).sort()).toEqual([...ARTIST_ROLES].sort());
    expect(ROLE_SCOPES.every((scope) => scope === scope.toLowerCase())).toBe(true);
  });

  it('list as id and name, and refuse an unknown role by its index and field', () => {
    expect(roleOptionsSchema.parse([{ id: 'PRODUCER', name: 'Producer' }])).toHaveLength(1);
    expect(
      pathsOf(
        roleOptionsSchema.safeParse([
          { id: 'PRIMARY', name: 'P' },
          { id: 'DJ', name: 'DJ' },
        ]),
      ),
    ).toEqual(['1.id']);
  });
});

describe('simple reference', () => {
  it('takes a string or a number as id', () => {
    expect(simpleReferenceSchema.parse({ id: 'a-1', name: 'A' })).toEqual({ id: 'a-1', name: 'A' });
    expect(simpleReferenceSchema.parse({ id: 5, name: 'B' })).toEqual({ id: 5, name: 'B' });
    expect(pathsOf(simpleReferenceSchema.safeParse({ id: true, name: 'B' }))).toEqual(['id']);
  });
});

describe('artist', () => {
  it('parses the base artist with and without an image', () => {
    expect(artistSchema.parse(artist)).toEqual(artist);
    const image = { url: 'https://cdn.example/a.jpg', size: 1, width: 1, height: 1, name: 'a.jpg' };
    expect(artistSchema.parse({ ...artist, image: { id: 1, original: image } }).image?.original.url).toBe(
      image.url,
    );
  });

  it('parses the detailed artist with stored profiles and counts', () => {
    const detail = artistDetailSchema.parse({
      ...artist,
      profiles: [{ ...profile, ...stamps }],
      albumCount: 3,
      trackCount: 27,
    });
    expect(detail.profiles[0]?.platform).toBe('SPOTIFY');
    const page = artistPageSchema.parse({ items: [detail], currentOffset: 0, size: 25, totalItems: 1 });
    expect(page.items).toHaveLength(1);
  });

  it('refuses a negative count and a missing name, naming each field', () => {
    const result = artistDetailSchema.safeParse({
      ...artist,
      name: undefined,
      profiles: [],
      albumCount: -1,
      trackCount: 0,
    });
    expect(pathsOf(result)?.sort()).toEqual(['albumCount', 'name']);
  });

  it('credits an artist with a release role', () => {
    expect(creditedArtistSchema.parse({ ...artist, role: 'FEATURING' }).role).toBe('FEATURING');
    expect(pathsOf(creditedArtistSchema.safeParse({ ...artist, role: 'GUEST' }))).toEqual(['role']);
    expect(artistReferenceSchema.parse({ id: 1, name: 'X' })).toEqual({ id: 1, name: 'X' });
  });
});

describe('artist profile', () => {
  it('may lack an image in suggestions but not once stored', () => {
    const { imageUrl: _imageUrl, ...withoutImage } = profile;
    expect(artistProfileSuggestionsSchema.parse([profile, withoutImage])).toHaveLength(2);
    expect(pathsOf(artistProfileSchema.safeParse({ ...withoutImage, ...stamps }))).toEqual(['imageUrl']);
  });

  it('refuses a platform outside the delivery list', () => {
    expect(pathsOf(artistProfileSuggestionsSchema.safeParse([{ ...profile, platform: 'MYSPACE' }]))).toEqual([
      '0.platform',
    ]);
  });
});

describe('contributor', () => {
  it('parses a contributor with a credit role and an optional publisher', () => {
    const contributor = { id: 4, name: 'Sam Reed', role: 'MUSIC_LYRICS', publisher: 'Reed Songs', ...stamps };
    expect(contributorSchema.parse(contributor)).toEqual(contributor);
    expect(contributorSchema.safeParse({ ...contributor, publisher: undefined }).success).toBe(true);
  });

  it('refuses an artist role as a credit role', () => {
    expect(pathsOf(contributorSchema.safeParse({ id: 4, name: 'S', role: 'PRIMARY', ...stamps }))).toEqual([
      'role',
    ]);
  });
});

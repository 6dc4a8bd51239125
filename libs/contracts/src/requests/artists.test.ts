import { describe, expect, it } from 'vitest';
import {
  artistListQuerySchema,
  artistRolesQuerySchema,
  artistSuggestionsQuerySchema,
  createArtistRequestSchema,
  updateArtistRequestSchema,
} from './artists.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')).sort();

const profile = {
  platform: 'SPOTIFY',
  platformId: '4Z8W4fKeB5YxbusRsdQVPb',
  name: 'Nova Lane',
  url: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
};

describe('artist list query', () => {
  it('defaults to name ascending', () => {
    expect(artistListQuerySchema.parse({})).toEqual({ offset: 0, size: 25, order_by: 'name', order: 'asc' });
    expect(pathsOf(artistListQuerySchema.safeParse({ order_by: 'title' }))).toEqual(['order_by']);
  });
});

describe('suggestions query', () => {
  it('reads platform[] once or repeated', () => {
    expect(artistSuggestionsQuerySchema.parse({ q: 'Nova', 'platform[]': 'SPOTIFY' })).toEqual({
      q: 'Nova',
      'platform[]': ['SPOTIFY'],
    });
    expect(
      artistSuggestionsQuerySchema.parse({ q: 'Nova', 'platform[]': ['SPOTIFY', 'APPLE_MUSIC'] }),
    ).toEqual({
      q: 'Nova',
      'platform[]': ['SPOTIFY', 'APPLE_MUSIC'],
    });
  });

  it('needs a name and names a wrong platform by its position', () => {
    expect(pathsOf(artistSuggestionsQuerySchema.safeParse({ q: '  ' }))).toEqual(['q']);
    expect(
      pathsOf(artistSuggestionsQuerySchema.safeParse({ q: 'Nova', 'platform[]': ['SPOTIFY', 'MYSPACE'] })),
    ).toEqual(['platform[].1']);
  });
});

describe('roles query', () => {
  it('takes a lowercase scope only', () => {
    expect(artistRolesQuerySchema.parse({ scope: 'contributor' })).toEqual({ scope: 'contributor' });
    expect(pathsOf(artistRolesQuerySchema.safeParse({ scope: 'TRACK' }))).toEqual(['scope']);
  });
});

describe('artist bodies', () => {
  it('create with a name and profiles as suggestions give them', () => {
    const parsed = createArtistRequestSchema.parse({ name: ' Nova Lane ', profiles: [profile] });
    expect(parsed.name).toBe('Nova Lane');
    expect(parsed.profiles?.[0]?.imageUrl).toBeUndefined();
  });

  it('refuse a blank name, a non-web url and a second profile on one platform', () => {
    const result = createArtistRequestSchema.safeParse({
      name: ' ',
      profiles: [profile, { ...profile, platform: 'DEEZER', url: 'javascript:alert(1)' }],
    });
    expect(pathsOf(result)).toEqual(['name', 'profiles.1.url']);
    const twice = createArtistRequestSchema.safeParse({
      name: 'N',
      profiles: [profile, { ...profile, platformId: 'x' }],
    });
    expect(pathsOf(twice)).toEqual(['profiles.1']);
  });

  it('update with any subset of the fields', () => {
    expect(updateArtistRequestSchema.parse({})).toEqual({});
    expect(updateArtistRequestSchema.parse({ profiles: [] })).toEqual({ profiles: [] });
    expect(pathsOf(updateArtistRequestSchema.safeParse({ name: 5 }))).toEqual(['name']);
  });
});

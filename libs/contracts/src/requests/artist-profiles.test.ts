import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../platforms.js';
import {
  ARTIST_PROFILE_PLATFORMS,
  ARTIST_PROFILE_URL_EXAMPLES,
  type ArtistProfilePlatform,
  createArtistBodySchema,
  readArtistProfileUrl,
  updateArtistBodySchema,
} from './artist-profiles.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

const SPOTIFY_ID = '4Z8W4fKeB5YxbusRsdQVPb';

/** Per platform: links that are its artist pages (with the id and stored link), and links that are not. */
const CASES: Record<ArtistProfilePlatform, { good: [string, string, string][]; bad: string[] }> = {
  SPOTIFY: {
    good: [
      [
        `https://open.spotify.com/artist/${SPOTIFY_ID}`,
        SPOTIFY_ID,
        `https://open.spotify.com/artist/${SPOTIFY_ID}`,
      ],
      [
        `https://open.spotify.com/intl-de/artist/${SPOTIFY_ID}?si=abc`,
        SPOTIFY_ID,
        `https://open.spotify.com/artist/${SPOTIFY_ID}`,
      ],
      [`spotify:artist:${SPOTIFY_ID}`, SPOTIFY_ID, `https://open.spotify.com/artist/${SPOTIFY_ID}`],
      [
        ` http://open.spotify.com/artist/${SPOTIFY_ID}/ `,
        SPOTIFY_ID,
        `https://open.spotify.com/artist/${SPOTIFY_ID}`,
      ],
    ],
    bad: [
      `https://open.spotify.com/artist/${SPOTIFY_ID.slice(1)}`,
      `https://open.spotify.com/album/${SPOTIFY_ID}`,
      `https://open.spotify.com.evil.test/artist/${SPOTIFY_ID}`,
      `https://user@open.spotify.com/artist/${SPOTIFY_ID}`,
      `spotify:album:${SPOTIFY_ID}`,
      `ftp://open.spotify.com/artist/${SPOTIFY_ID}`,
      'not a link',
    ],
  },
  APPLE_MUSIC: {
    good: [
      [
        'https://music.apple.com/us/artist/nova-lane/1440935467',
        '1440935467',
        'https://music.apple.com/us/artist/nova-lane/1440935467',
      ],
      [
        'https://music.apple.com/se/artist/1440935467?l=en',
        '1440935467',
        'https://music.apple.com/se/artist/1440935467',
      ],
    ],
    bad: [
      'https://music.apple.com/us/album/nova/1440935467',
      'https://music.apple.com/usa/artist/x/1',
      'https://itunes.apple.com/us/artist/x/id1',
    ],
  },
  AMAZON: {
    good: [
      [
        'https://music.amazon.de/artists/B0013D5H3C/nova-lane',
        'B0013D5H3C',
        'https://music.amazon.de/artists/B0013D5H3C',
      ],
    ],
    bad: ['https://music.amazon.com/albums/B0013D5H3C', 'https://www.amazon.com/artists/B0013D5H3C'],
  },
  DEEZER: {
    good: [
      ['https://www.deezer.com/fr/artist/27', '27', 'https://www.deezer.com/artist/27'],
      ['https://deezer.com/artist/27', '27', 'https://www.deezer.com/artist/27'],
    ],
    bad: ['https://www.deezer.com/album/27', 'https://www.deezer.com/artist/abc'],
  },
  YOUTUBE: {
    good: [
      [
        'https://www.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA',
        'UCq-Fj5jknLsUf-MWSy4_brA',
        'https://www.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA',
      ],
      [
        'https://music.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA',
        'UCq-Fj5jknLsUf-MWSy4_brA',
        'https://www.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA',
      ],
      ['https://youtube.com/@NovaLane', '@NovaLane', 'https://www.youtube.com/@NovaLane'],
    ],
    bad: [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/channel/XYZ',
      'https://youtu.be/dQw4w9WgXcQ',
    ],
  },
  TIDAL: {
    good: [
      ['https://listen.tidal.com/artist/3346', '3346', 'https://tidal.com/artist/3346'],
      ['https://tidal.com/browse/artist/3346', '3346', 'https://tidal.com/artist/3346'],
    ],
    bad: ['https://tidal.com/browse/album/3346'],
  },
  AUDIOMACK: {
    good: [['https://audiomack.com/nova-lane', 'nova-lane', 'https://audiomack.com/nova-lane']],
    bad: ['https://audiomack.com/nova-lane/song/first', 'https://audiomack.com/trending'],
  },
  BEATPORT: {
    good: [
      [
        'https://www.beatport.com/artist/nova-lane/123456',
        '123456',
        'https://www.beatport.com/artist/nova-lane/123456',
      ],
    ],
    bad: ['https://www.beatport.com/release/nova-lane/123456'],
  },
  QOBUZ: {
    good: [
      ['https://open.qobuz.com/artist/1234567', '1234567', 'https://open.qobuz.com/artist/1234567'],
      [
        'https://www.qobuz.com/fr-fr/interpreter/nova-lane/1234567',
        '1234567',
        'https://open.qobuz.com/artist/1234567',
      ],
    ],
    bad: ['https://open.qobuz.com/album/1234567'],
  },
  JIOSAAVN: {
    good: [
      [
        'https://www.jiosaavn.com/artist/nova-lane-songs/LlRWpHzy3Hk_',
        'LlRWpHzy3Hk_',
        'https://www.jiosaavn.com/artist/nova-lane-songs/LlRWpHzy3Hk_',
      ],
    ],
    bad: ['https://www.jiosaavn.com/album/nova/LlRWpHzy3Hk_'],
  },
  PANDORA: {
    good: [
      [
        'https://www.pandora.com/artist/nova-lane/ARqV2PcVdz9l6Jq',
        'ARqV2PcVdz9l6Jq',
        'https://www.pandora.com/artist/nova-lane/ARqV2PcVdz9l6Jq',
      ],
    ],
    bad: ['https://www.pandora.com/artist/nova-lane/ALqV2PcVdz9l6Jq'],
  },
  ANGHAMI: {
    good: [['https://play.anghami.com/artist/123456', '123456', 'https://play.anghami.com/artist/123456']],
    bad: ['https://play.anghami.com/song/123456'],
  },
  YANDEX: {
    good: [['https://music.yandex.ru/artist/123456', '123456', 'https://music.yandex.ru/artist/123456']],
    bad: ['https://music.yandex.ru/album/123456'],
  },
  NETEASE: {
    good: [
      ['https://music.163.com/#/artist?id=123456', '123456', 'https://music.163.com/#/artist?id=123456'],
      ['https://music.163.com/artist?id=123456', '123456', 'https://music.163.com/#/artist?id=123456'],
    ],
    bad: ['https://music.163.com/#/album?id=123456', 'https://music.163.com/#/artist?id=abc'],
  },
  SHAZAM: {
    good: [
      [
        'https://www.shazam.com/artist/nova-lane/1440935467',
        '1440935467',
        'https://www.shazam.com/artist/nova-lane/1440935467',
      ],
      [
        'https://www.shazam.com/artist/1440935467/nova-lane',
        '1440935467',
        'https://www.shazam.com/artist/1440935467/nova-lane',
      ],
    ],
    bad: ['https://www.shazam.com/track/1440935467/first'],
  },
  TIKTOK: {
    good: [['https://www.tiktok.com/@novalane', '@novalane', 'https://www.tiktok.com/@novalane']],
    bad: ['https://www.tiktok.com/@novalane/video/1234', 'https://www.tiktok.com/novalane'],
  },
  FACEBOOK: {
    good: [
      ['https://facebook.com/novalanemusic/', 'novalanemusic', 'https://www.facebook.com/novalanemusic'],
    ],
    bad: ['https://www.facebook.com/groups', 'https://www.facebook.com/novalanemusic/photos'],
  },
  BUGS: {
    good: [
      ['https://music.bugs.co.kr/artist/80049126', '80049126', 'https://music.bugs.co.kr/artist/80049126'],
    ],
    bad: ['https://music.bugs.co.kr/album/80049126'],
  },
};

describe('artist profile links', () => {
  it.each(ARTIST_PROFILE_PLATFORMS)('%s: its artist pages are read, anything else refused', (platform) => {
    const { good, bad } = CASES[platform];
    for (const [text, platformId, url] of good)
      expect(readArtistProfileUrl(platform, text), text).toEqual({ platformId, url });
    for (const text of bad) expect(readArtistProfileUrl(platform, text), text).toBeNull();
    // The example shown to users is itself a valid link, and another platform's link never is.
    expect(readArtistProfileUrl(platform, ARTIST_PROFILE_URL_EXAMPLES[platform])).not.toBeNull();
    const other = ARTIST_PROFILE_PLATFORMS.find((candidate) => candidate !== platform)!;
    expect(readArtistProfileUrl(platform, ARTIST_PROFILE_URL_EXAMPLES[other])).toBeNull();
  });

  it('knows no links for platforms without artist profiles', () => {
    const without = PLATFORMS.filter(
      (platform) => !(ARTIST_PROFILE_PLATFORMS as readonly string[]).includes(platform),
    );
    expect(without).toEqual(['CLARO', 'GRACENOTE', 'LINE', 'SEVEN_DIGITAL', 'TENCENT']);
    for (const platform of without)
      expect(readArtistProfileUrl(platform, 'https://example.com/artist/1')).toBeNull();
  });
});

describe('artist bodies', () => {
  const spotify = { platform: 'SPOTIFY', name: 'Nova Lane', url: `spotify:artist:${SPOTIFY_ID}` };

  it('read the id from the link and store the https form', () => {
    expect(createArtistBodySchema.parse({ name: ' Nova Lane ', profiles: [spotify] })).toEqual({
      name: 'Nova Lane',
      profiles: [
        {
          platform: 'SPOTIFY',
          platformId: SPOTIFY_ID,
          name: 'Nova Lane',
          url: `https://open.spotify.com/artist/${SPOTIFY_ID}`,
          imageUrl: null,
        },
      ],
    });
  });

  it('name the field of each wrong profile', () => {
    const result = createArtistBodySchema.safeParse({
      name: '',
      profiles: [
        { ...spotify, url: 'https://open.spotify.com/album/x' },
        {
          platform: 'APPLE_MUSIC',
          name: 'Nova',
          url: 'https://music.apple.com/us/artist/nova/1',
          platformId: '2',
        },
        { platform: 'GRACENOTE', name: 'Nova', url: 'https://example.com/nova' },
        {
          platform: 'DEEZER',
          name: 'Nova',
          url: 'https://www.deezer.com/artist/27',
          imageUrl: 'javascript:alert(1)',
        },
      ],
    });
    expect(pathsOf(result)).toEqual([
      'name',
      'profiles.0.url',
      'profiles.1.platformId',
      'profiles.2.platform',
      'profiles.3.imageUrl',
    ]);
    expect(result.error?.issues[1]?.message).toContain('https://open.spotify.com/artist/');
  });

  it('take one profile per platform and a matching id in any case for handles', () => {
    const twice = createArtistBodySchema.safeParse({ name: 'Nova', profiles: [spotify, spotify] });
    expect(pathsOf(twice)).toEqual(['profiles.1']);
    const handle = {
      platform: 'TIKTOK',
      name: 'Nova',
      url: 'https://www.tiktok.com/@NovaLane',
      platformId: '@novalane',
    };
    expect(createArtistBodySchema.parse({ name: 'Nova', profiles: [handle] }).profiles?.[0]?.platformId).toBe(
      '@NovaLane',
    );
  });

  it('update takes any subset; an empty profile list removes every profile', () => {
    expect(updateArtistBodySchema.parse({})).toEqual({});
    expect(updateArtistBodySchema.parse({ profiles: [] })).toEqual({ profiles: [] });
    expect(pathsOf(updateArtistBodySchema.safeParse({ name: '  ' }))).toEqual(['name']);
  });
});

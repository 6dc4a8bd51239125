import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TERRITORIES } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNewReleaseMessage, type MessageOptions } from './ern43.js';
import { isoDuration, releaseForDeliverySchema, type ReleaseForDelivery } from './model.js';
import { ddexSchemaForTests, ernEnvelopeSchema } from './schema/test-schemas.js';
import { validateErn } from './schema/validate.js';
import { albumRelease, singleRelease } from './test-fixtures.js';
import { childrenOf, parseXml, textsOf, type XmlElement } from './xml.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-ern-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
/** DDEX's own schema, where this machine has it (DDEX_SCHEMA_DIR or the copy beside the repository). */
const ddex = await ddexSchemaForTests();

const options = (overrides: Partial<MessageOptions> = {}): MessageOptions => ({
  sender: { partyId: 'PADPIDATUNEHOUSE', name: 'Tunehouse' },
  recipient: { partyId: 'PADPIDA2011072101T', name: 'Spotify' },
  messageId: 'TH20250301120000000A1B2',
  createdAt: new Date('2025-03-01T12:00:00.000Z'),
  action: 'DELIVER',
  ...overrides,
});

const parse = parseXml;
const texts = textsOf;
const childTexts = (element: XmlElement, tag: string) =>
  childrenOf(element, tag).map((child) => child.textContent ?? '');

/** The envelope, ReleaseIds and Durations; the whole of ERN 4.3 is checked against DDEX's schema below. */
async function expectValid(xml: string, schema = ernEnvelopeSchema) {
  const verdict = await validateErn(xml, schema);
  expect(verdict, JSON.stringify(verdict)).toEqual({ valid: true });
}

describe('buildNewReleaseMessage', () => {
  let album: ReleaseForDelivery;
  let single: ReleaseForDelivery;
  beforeAll(() => {
    album = releaseForDeliverySchema.parse(albumRelease(path.join(dir, 'album')));
    single = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'single')));
  });

  it('writes an album (featuring artist, contributors, explicit track, Worldwide) that the XSD accepts', async () => {
    const xml = buildNewReleaseMessage(album, options());
    await expectValid(xml);
    const doc = parse(xml);
    const root = doc.documentElement!;
    expect(root.namespaceURI).toBe('http://ddex.net/xml/ern/43');
    expect(root.getAttribute('ReleaseProfileVersionId')).toBe('Audio');
    expect(root.getAttribute('LanguageAndScriptCode')).toBe('en');
    expect(texts(doc, 'MessageId')).toEqual(['TH20250301120000000A1B2']);
    expect(texts(doc, 'MessageCreatedDateTime')).toEqual(['2025-03-01T12:00:00.000Z']);
    expect(texts(doc, 'ICPN')).toEqual(['0602445790715']);
    expect(texts(doc, 'CatalogNumber')).toEqual(['TH-0001']);
    expect(texts(doc, 'ISRC')).toEqual(['QZABC2400001', 'QZABC2400002', 'QZABC2400003']);

    const recordings = Array.from(doc.getElementsByTagName('SoundRecording'));
    expect(recordings.map((recording) => childTexts(recording, 'Duration'))).toEqual([
      ['PT3M25S'],
      ['PT1H2M3.5S'],
      ['PT59S'],
    ]);
    expect(recordings.map((recording) => childTexts(recording, 'ParentalWarningType'))).toEqual([
      ['Explicit'],
      ['NotExplicit'],
      ['NotExplicit'],
    ]);
    const first = recordings[0]!;
    expect(childTexts(first, 'DisplayArtistName')).toEqual(['Mara Quill feat. Дмитрий Волков']);
    expect(texts(first, 'DisplayArtistRole')).toEqual(['MainArtist', 'FeaturedArtist']);
    expect(texts(first, 'Role')).toEqual(['ComposerLyricist', 'StudioProducer', 'MasteringEngineer']);
    expect(texts(first, 'StartPoint')).toEqual(['45.0']);
    expect(texts(first, 'HashSumValue')).toEqual([album.tracks[0]!.audio.md5]);
    expect(texts(first, 'URI')).toEqual(['resources/0602445790715_01_001.flac']);
    expect(texts(first, 'IsProvidedInDelivery')).toEqual(['true']);
    // A track without artists of its own carries the release's.
    expect(childTexts(recordings[2]!, 'DisplayArtistName')).toEqual(['Mara Quill']);
    expect(childTexts(recordings[1]!, 'DisplayTitleText')).toEqual(['夢のララバイ (Acoustic)']);
    expect(childTexts(recordings[1]!, 'LanguageOfPerformance')).toEqual(['ja']);

    const image = doc.getElementsByTagName('Image')[0]!;
    expect(texts(image, 'URI')).toEqual(['resources/0602445790715.jpg']);
    expect(texts(image, 'HashSumValue')).toEqual([album.artwork.md5]);
    expect(texts(image, 'ImageWidth')).toEqual(['3000']);

    const release = doc.getElementsByTagName('Release')[0]!;
    expect(childTexts(release, 'ReleaseType')).toEqual(['Album']);
    expect(childTexts(release, 'DisplayTitleText')).toEqual(['Rock & Roll <Live> 夜明け (Deluxe Edition)']);
    expect(childTexts(release, 'Duration')).toEqual(['PT1H6M27.5S']);
    expect(childTexts(release, 'ParentalWarningType')).toEqual(['Explicit']);
    expect(childTexts(release, 'ReleaseDate')).toEqual(['2025-03-14']);
    expect(childTexts(release, 'OriginalReleaseDate')).toEqual(['2024-11-01']);
    expect(texts(release, 'ReleaseResourceReference')).toEqual(['A1', 'A2', 'A3']);
    expect(doc.getElementsByTagName('TrackRelease')).toHaveLength(3);

    const deals = Array.from(doc.getElementsByTagName('ReleaseDeal'));
    expect(deals.map((deal) => childTexts(deal, 'DealReleaseReference'))).toEqual([
      ['R0'],
      ['R1', 'R2', 'R3'],
    ]);
    expect(new Set(texts(doc, 'TerritoryCode'))).toEqual(new Set(['Worldwide']));
    expect(new Set(texts(doc, 'StartDate'))).toEqual(new Set(['2025-03-14']));
    expect(texts(doc, 'EndDate')).toEqual([]);
    expect(texts(deals[0]!, 'CommercialModelType')).toEqual([
      'SubscriptionModel',
      'AdvertisementSupportedModel',
      'PayAsYouGoModel',
    ]);
  });

  it('escapes what XML reserves and keeps non-Latin scripts as they are', () => {
    const xml = buildNewReleaseMessage(album, options());
    expect(xml).toContain('<TitleText>Rock &amp; Roll &lt;Live&gt; 夜明け</TitleText>');
    expect(xml).toContain('<TitleText>x &lt; y &gt; z</TitleText>');
    expect(xml).toContain('<FullName>Harbour &amp; Sons Records</FullName>');
    expect(xml).toContain('<FullName>Дмитрий Волков</FullName>');
    expect(xml).toContain('Ola "Bass" Nordmann');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('writes a single as a SimpleAudioSingle with its territories', async () => {
    const xml = buildNewReleaseMessage(single, options({ messageId: 'TH-SINGLE-1' }));
    await expectValid(xml);
    const doc = parse(xml);
    expect(doc.documentElement?.getAttribute('ReleaseProfileVersionId')).toBe('SimpleAudioSingle');
    expect(texts(doc, 'ICPN')).toEqual(['196871234566']);
    expect(texts(doc, 'ReleaseType')).toEqual(['Single']);
    expect(doc.getElementsByTagName('TrackRelease')).toHaveLength(0);
    expect(texts(doc, 'DealReleaseReference')).toEqual(['R0']);
    const deal = doc.getElementsByTagName('DealTerms')[0]!;
    expect(texts(deal, 'TerritoryCode')).toEqual(['GB', 'US', 'XK']);
    expect(texts(doc, 'Duration')).toContain('PT3M1.25S');
    expect(texts(doc, 'ContainerFormat')).toEqual(['WAV']);
    expect(texts(doc, 'AudioCodecType')).toEqual(['PCM']);
    expect(texts(doc, 'SamplingRate')).toEqual(['48000']);
    expect(texts(doc, 'ImageCodecType')).toEqual(['PNG']);
    expect(texts(doc.getElementsByTagName('Release')[0]!, 'DisplayArtistName')).toEqual([
      'Aurora Beck & Lumen',
    ]);
    expect(texts(doc, 'PLineText')).toEqual(['℗ 2025 Tunehouse Independent', '℗ 2025 Tunehouse Independent']);
    expect(texts(doc, 'Year')).toEqual(['2025', '2025', '2025']);
  });

  it('writes an UPDATE: the same release, files sent again, a message of its own', async () => {
    const xml = buildNewReleaseMessage(album, options({ action: 'UPDATE', messageId: 'TH-UPDATE-1' }));
    await expectValid(xml);
    const doc = parse(xml);
    expect(texts(doc, 'MessageId')).toEqual(['TH-UPDATE-1']);
    expect(texts(doc, 'ICPN')).toEqual(['0602445790715']);
    expect(new Set(texts(doc, 'IsProvidedInDelivery'))).toEqual(new Set(['true']));
    expect(texts(doc, 'EndDate')).toEqual([]);
  });

  it('writes a TAKEDOWN as an update whose deals end, without files', async () => {
    const xml = buildNewReleaseMessage(
      album,
      options({
        action: 'TAKEDOWN',
        createdAt: new Date('2025-07-02T23:30:00Z'),
        messageId: 'TH-TAKEDOWN-1',
      }),
    );
    await expectValid(xml);
    const doc = parse(xml);
    const periods = Array.from(doc.getElementsByTagName('ValidityPeriod'));
    expect(periods).toHaveLength(6);
    for (const period of periods) {
      expect(texts(period, 'StartDate')).toEqual(['2025-03-14']);
      expect(texts(period, 'EndDate')).toEqual(['2025-07-02']);
    }
    expect(new Set(texts(doc, 'IsProvidedInDelivery'))).toEqual(new Set(['false']));
    // The files are still named, with their sums, so the platform knows which ones the deal covered.
    expect(texts(doc, 'HashSumValue')).toHaveLength(4);

    // Taken down before its deals start: the window closes on its first day, never before it.
    const early = buildNewReleaseMessage(
      single,
      options({ action: 'TAKEDOWN', createdAt: new Date('2025-01-10') }),
    );
    await expectValid(early);
    expect(new Set(texts(parse(early), 'EndDate'))).toEqual(new Set(['2025-06-01']));
  });

  it('accepts every territory code the contracts know', async () => {
    const everywhere = releaseForDeliverySchema.parse({
      ...singleRelease(path.join(dir, 'everywhere')),
      territories: [...TERRITORIES],
    });
    const xml = buildNewReleaseMessage(everywhere, options());
    await expectValid(xml);
    expect(new Set(texts(parse(xml), 'TerritoryCode')).size).toBe(TERRITORIES.length);
  });

  it('is caught by the XSD when the structure is wrong (the validator is not a no-op)', async () => {
    const xml = buildNewReleaseMessage(single, options()).replace(
      '<Duration>PT3M1.25S</Duration>',
      '<Duration>3:01</Duration>',
    );
    const verdict = await validateErn(xml, ernEnvelopeSchema);
    expect(verdict.valid).toBe(false);
    expect(verdict.valid ? [] : verdict.errors.join('\n')).toMatch(/Duration/);
  });

  it('builds the same bytes for the same delivery (a retried job sends the same message)', () => {
    expect(buildNewReleaseMessage(album, options())).toBe(buildNewReleaseMessage(album, options()));
  });
});

describe.skipIf(!ddex.found)(
  `against DDEX's ERN 4.3 schema${ddex.found ? '' : ` (skipped: ${ddex.reason})`}`,
  () => {
    const schema = () => (ddex.found ? ddex.schema : ernEnvelopeSchema);
    const album = () => releaseForDeliverySchema.parse(albumRelease(path.join(dir, 'ddex-album')));
    const single = () => releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'ddex-single')));

    it.each([
      ['an album', () => buildNewReleaseMessage(album(), options())],
      ['a single', () => buildNewReleaseMessage(single(), options({ messageId: 'TH-SINGLE-1' }))],
      ['an UPDATE', () => buildNewReleaseMessage(album(), options({ action: 'UPDATE' }))],
      [
        'a TAKEDOWN',
        () =>
          buildNewReleaseMessage(album(), options({ action: 'TAKEDOWN', createdAt: new Date('2025-07-02') })),
      ],
      [
        'a TAKEDOWN before the deals start',
        () =>
          buildNewReleaseMessage(
            single(),
            options({ action: 'TAKEDOWN', createdAt: new Date('2025-01-10') }),
          ),
      ],
      [
        'every territory code the contracts know',
        () =>
          buildNewReleaseMessage(
            releaseForDeliverySchema.parse({
              ...singleRelease(path.join(dir, 'ddex-everywhere')),
              territories: [...TERRITORIES],
            }),
            options(),
          ),
      ],
    ])('accepts %s', async (_, build) => {
      await expectValid(build(), schema());
    });

    it('refuses a duration that is not ISO 8601, naming the element', async () => {
      const xml = buildNewReleaseMessage(single(), options()).replace(
        '<Duration>PT3M1.25S</Duration>',
        '<Duration>3:01</Duration>',
      );
      const verdict = await validateErn(xml, schema());
      expect(verdict.valid).toBe(false);
      expect(verdict.valid ? [] : verdict.errors.join('\n')).toMatch(/Duration/);
    });
  },
);

describe('releaseForDeliverySchema', () => {
  const input = () => singleRelease(path.join(dir, 'checks'));

  it.each([
    ['a UPC with a wrong check digit', { upc: '196871234562' }, ['upc']],
    ['a control character in a title', { title: 'Bad\u0007Title' }, ['title']],
    ['no PRIMARY artist', { artists: [{ name: 'Guest', role: 'FEATURING' as const }] }, ['artists']],
    ['an unknown territory', { territories: ['US', 'ZZ'] }, ['territories']],
    ['an original release after the release', { originalReleaseDate: '2026-01-01' }, ['originalReleaseDate']],
  ])('refuses %s', (_, overrides, where) => {
    const result = releaseForDeliverySchema.safeParse({ ...input(), ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(where[0]);
  });

  it('refuses a bad ISRC and the same ISRC twice', () => {
    const base = input();
    const track = base.tracks[0]!;
    expect(
      releaseForDeliverySchema.safeParse({ ...base, tracks: [{ ...track, isrc: 'US-12' }] }).success,
    ).toBe(false);
    const twice = releaseForDeliverySchema.safeParse({
      ...base,
      tracks: [track, { ...track, isrc: 'qzabc2500001' }],
    });
    expect(twice.error?.issues.map((issue) => issue.message)).toContain('the same ISRC as track 1');
  });
});

describe('isoDuration', () => {
  it.each([
    [205, 'PT3M25S'],
    [59, 'PT59S'],
    [60, 'PT1M0S'],
    [3600, 'PT1H0M0S'],
    [3723.5, 'PT1H2M3.5S'],
    [263.583, 'PT4M23.583S'],
    [0.0004, 'PT0S'],
  ])('%s s is %s', (seconds, expected) => expect(isoDuration(seconds)).toBe(expected));
});

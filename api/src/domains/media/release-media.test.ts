import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  type AlbumDetail,
  albumDetailSchema,
  apiErrorBodySchema,
  type Session,
  trackSchema,
} from '@tunehouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { artworkImage, flac, releaseClient, wav } from '../../testing/release-fixtures.js';
import { ORIGINAL_LINK_HOURS, signOriginalLink } from './signed-audio-links.js';

let t: TestApp;
let dataDir: string;
let owner: Session;
let stranger: Session;
let album: AlbumDetail;
let c: ReturnType<typeof releaseClient>;

const AUDIO_LIMIT = 400 * 1024;
const ARTWORK_LIMIT = 2 * 1024 * 1024;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-release-media-'));
  t = await createTestApp({ dataDir, audioMaxBytes: AUDIO_LIMIT, artworkMaxBytes: ARTWORK_LIMIT });
  c = releaseClient(t.app);
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
  album = await c.album(owner, {
    title: 'Media',
    tracks: [
      { index: 1, title: 'One' },
      { index: 2, title: 'Two' },
    ],
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pathsOf = (error: { details?: { path: (string | number)[] }[] | undefined }) =>
  (error.details ?? []).map((detail) => detail.path);
const track = (position: number) => album.tracks[position]!.id;
const audioPart = (data: Buffer | string, filename = 'take.wav') => [{ name: 'audio', filename, data }];

/** No upload left a partial file behind (a failed upload stores nothing). */
function expectNoPartials() {
  for (const dir of ['audio', 'images']) {
    const folder = path.join(dataDir, 'media', dir);
    const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    expect(names.filter((name) => name.endsWith('.partial'))).toEqual([]);
  }
}

describe('track audio', () => {
  it('takes a 16-bit stereo 44.1 kHz WAV written by code and probes it', async () => {
    const updated = await c.audio(owner, album.id, track(0), wav({ seconds: 2 }));
    expect(updated.audio?.original).toMatchObject({
      name: 'take.wav',
      format: 'WAV',
      sampleRate: 44_100,
      channels: 2,
      bitDepth: 16,
      bitRate: 1_411_200,
      size: 44 + 2 * 44_100 * 4,
    });
    expect(updated.audio?.original.duration).toBeCloseTo(2, 3);
    const link = new URL(updated.audio!.original.url);
    const file = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(file.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
  });

  it('serves an original only through its signed link, which expires', async () => {
    const own = await c.album(owner, { title: 'Signed', tracks: [{ index: 1, title: 'Master' }] });
    const updated = await c.audio(owner, own.id, own.tracks[0]!.id, wav({ seconds: 1 }));
    const link = new URL(updated.audio!.original.url);
    const expires = Number(link.searchParams.get('expires'));
    const hoursLeft = (expires * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(ORIGINAL_LINK_HOURS);
    expect(hoursLeft).toBeLessThanOrEqual(ORIGINAL_LINK_HOURS + 1);
    // The bare path, a forged signature and a moved expiry are all unknown files.
    expect((await t.app.inject({ url: link.pathname })).statusCode).toBe(404);
    const forged = new URL(link);
    forged.searchParams.set('signature', 'x'.repeat(43));
    expect((await t.app.inject({ url: `${forged.pathname}${forged.search}` })).statusCode).toBe(404);
    const stretched = new URL(link);
    stretched.searchParams.set('expires', String(expires + 86_400));
    expect((await t.app.inject({ url: `${stretched.pathname}${stretched.search}` })).statusCode).toBe(404);
    // A link signed in the past (as one copied out of an old page) has expired.
    const [row] = (
      await t.db.query<{ download_key: Buffer }>('SELECT download_key FROM audio_files WHERE id = $1', [
        updated.audio!.id,
      ])
    ).rows;
    const file = link.pathname.split('/').pop()!;
    const signedLongAgo = Date.now() - (ORIGINAL_LINK_HOURS + 2) * 3_600_000;
    const old = signOriginalLink(row!.download_key, String(updated.audio!.id), file, signedLongAgo);
    const stale = await t.app.inject({
      url: `${link.pathname}?expires=${old.expires}&signature=${old.signature}`,
    });
    expect(expectError(stale, 403, 'LINK_INVALID').message).toMatch(/expired/);
    // The preview stays a plain link, as a store's is.
    const preview = updated.audio!.mp3;
    if (preview) expect(new URL(preview.url).search).toBe('');
  });

  it('takes 24-bit WAV and a FLAC made with ffmpeg; the new file replaces the old one', async () => {
    const first = await c.audio(owner, album.id, track(1), wav({ bitDepth: 24, sampleRate: 48_000 }));
    expect(first.audio?.original).toMatchObject({ bitDepth: 24, sampleRate: 48_000, format: 'WAV' });
    const second = await c.audio(owner, album.id, track(1), await flac(1));
    expect(second.audio?.original).toMatchObject({
      format: 'FLAC',
      bitDepth: 16,
      channels: 2,
      sampleRate: 44_100,
    });
    expect(fs.existsSync(path.join(dataDir, 'media', 'audio', String(first.audio!.id)))).toBe(false);
    const firstLink = new URL(first.audio!.original.url);
    const gone = await t.app.inject({ url: `${firstLink.pathname}${firstLink.search}` });
    expect(gone.statusCode).toBe(404);
  });

  it.each([
    ['mono', wav({ channels: 1 }), 'stereo'],
    ['22 kHz', wav({ sampleRate: 22_050 }), '44.1 kHz'],
    ['8-bit', wav({ bitDepth: 8 }), '16 or 24 bit'],
    ['5 ms of', wav({ seconds: 0.005 }), 'at least 1 second'],
    // A 3-second header over 1,000 bytes of samples: an export or copy cut short.
    ['truncated', wav({ seconds: 3 }).subarray(0, 1044), 'cut short'],
  ])('refuses %s audio with the reason (422)', async (_name, data, reason) => {
    const response = await c.uploadAudio(owner, album.id, track(0), audioPart(data));
    const error = expectError(response, 422, 'UNPROCESSABLE');
    expect(error.message).toContain(reason);
    expect(pathsOf(error)).toEqual([['body', 'audio']]);
    expectNoPartials();
  });

  it('refuses a text file named .wav by its content (415) and a file over the limit (413)', async () => {
    const text = await c.uploadAudio(
      owner,
      album.id,
      track(0),
      audioPart('just some words, not audio\n'.repeat(400)),
    );
    const error = expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(pathsOf(error)).toEqual([['body', 'audio']]);
    const big = await c.uploadAudio(owner, album.id, track(0), audioPart(wav({ seconds: 3 })));
    expect(pathsOf(expectError(big, 413, 'PAYLOAD_TOO_LARGE'))).toEqual([['body', 'audio']]);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/v1/albums/${album.id}/tracks/${track(0)}/audio`,
      headers: bearer(owner),
      payload: { audio: 'x' },
    });
    expect(pathsOf(expectError(notMultipart, 415, 'UNSUPPORTED_MEDIA_TYPE'))).toEqual([
      ['headers', 'content-type'],
    ]);
    const wrongPart = await c.uploadAudio(owner, album.id, track(0), [
      { name: 'file', filename: 'a.wav', data: wav() },
    ]);
    expect(pathsOf(expectError(wrongPart, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'audio']]);
    // The earlier accepted file is still the track's.
    const still = expectShape(trackSchema, await c.get(owner, `/v1/albums/${album.id}/tracks/${track(0)}`));
    expect(still.audio?.original.duration).toBeCloseTo(2, 3);
    expectNoPartials();
  });

  it('another account cannot upload to the track (404, before reading)', async () => {
    expectError(await c.uploadAudio(stranger, album.id, track(0), audioPart(wav())), 404, 'NOT_FOUND');
  });

  it('the preview job makes an MP3 rendition', async () => {
    let current = expectShape(trackSchema, await c.get(owner, `/v1/albums/${album.id}/tracks/${track(0)}`));
    for (let attempt = 0; !current.audio?.mp3 && attempt < 60; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = expectShape(trackSchema, await c.get(owner, `/v1/albums/${album.id}/tracks/${track(0)}`));
    }
    const mp3 = current.audio?.mp3;
    expect(mp3).toBeTruthy();
    expect(mp3!.duration).toBeGreaterThan(1.9);
    const file = await t.app.inject({ url: new URL(mp3!.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.rawPayload.length).toBe(mp3!.size);
    const bytes = file.rawPayload;
    // An ID3v2 tag, or straight away an MPEG audio frame (11 sync bits, MPEG-1 Layer III).
    const id3 = bytes.subarray(0, 3).toString('ascii') === 'ID3';
    const offset = id3 ? 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!) : 0;
    expect(bytes[offset]).toBe(0xff);
    expect(bytes[offset + 1]! & 0xfe).toBe(0xfa);
  });
});

describe('album artwork', () => {
  const artworkPart = (data: Buffer | string, filename = 'cover.png') => ({
    name: 'artwork',
    filename,
    data,
  });
  const metadata = (value: object = {}) => ({ name: 'metadata', data: JSON.stringify(value) });

  it('takes a 3000×3000 PNG made with sharp and makes every rendition', async () => {
    const response = await c.updateForm(owner, album.id, [
      metadata({ title: 'With art' }),
      artworkPart(await artworkImage(3000, 3000)),
    ]);
    const updated = expectShape(albumDetailSchema, response);
    expect(updated.title).toBe('With art');
    const artwork = updated.artwork!;
    expect(artwork.original).toMatchObject({ width: 3000, height: 3000, name: 'cover.png' });
    expect(artwork.artwork).toMatchObject({ width: 3000, height: 3000, name: 'cover-artwork.png' });
    expect(artwork.large).toMatchObject({ width: 1000, height: 1000 });
    expect(artwork.medium).toMatchObject({ width: 500, height: 500 });
    expect(artwork.thumbnail).toMatchObject({ width: 150, height: 150 });
    const file = await t.app.inject({ url: new URL(artwork.artwork!.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 3000,
      channels: 3,
    });
  });

  it('scales a larger JPEG to the 3000×3000 delivery rendition', async () => {
    const created = await c.createForm(owner, [
      metadata({ title: 'Big art' }),
      artworkPart(await artworkImage(3200, 3200, 'jpeg'), 'big.jpg'),
    ]);
    const artwork = expectShape(albumDetailSchema, created).artwork!;
    expect(artwork.original).toMatchObject({ width: 3200, height: 3200 });
    expect(artwork.artwork).toMatchObject({ width: 3000, height: 3000, name: 'big-artwork.jpg' });
  });

  it('refuses 2999×3000 (not square, too small) with 422 at the artwork part', async () => {
    const response = await c.updateForm(owner, album.id, [
      metadata(),
      artworkPart(await artworkImage(2999, 3000)),
    ]);
    const error = expectError(response, 422, 'UNPROCESSABLE');
    expect(pathsOf(error)).toEqual([
      ['body', 'artwork'],
      ['body', 'artwork'],
    ]);
    expect(error.message).toContain('square');
    expect(error.message).toContain('3000×3000');
    expectNoPartials();
  });

  it('refuses greyscale artwork, a text file named .png (415), a bomb header (413) and too many bytes (413)', async () => {
    const grey = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#808080' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const greyError = expectError(
      await c.updateForm(owner, album.id, [metadata(), artworkPart(grey)]),
      422,
      'UNPROCESSABLE',
    );
    expect(greyError.message).toContain('RGB');
    const text = await c.updateForm(owner, album.id, [
      metadata(),
      artworkPart('not an image at all\n'.repeat(300)),
    ]);
    expect(pathsOf(expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE'))).toEqual([['body', 'artwork']]);
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    png.writeUInt32BE(30000, 16);
    png.writeUInt32BE(30000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    const bomb = expectError(
      await c.updateForm(owner, album.id, [metadata(), artworkPart(png)]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(bomb.message).toContain('30000×30000');
    const noise = await sharp(Buffer.alloc(1200 * 1200 * 3, 7), {
      raw: { width: 1200, height: 1200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(ARTWORK_LIMIT);
    const big = await c.updateForm(owner, album.id, [metadata(), artworkPart(noise)]);
    expect(pathsOf(expectError(big, 413, 'PAYLOAD_TOO_LARGE'))).toEqual([['body', 'artwork']]);
    const kept = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`));
    expect(kept.artwork?.original.width).toBe(3000);
    expectNoPartials();
  });

  it('refuses other parts and bad metadata with their paths', async () => {
    const extra = await c.updateForm(owner, album.id, [metadata(), { name: 'cover', data: 'x' }]);
    expect(pathsOf(expectError(extra, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'cover']]);
    const badJson = await c.updateForm(owner, album.id, [{ name: 'metadata', data: '{not json' }]);
    expect(pathsOf(expectError(badJson, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'metadata']]);
    const badField = await c.updateForm(owner, album.id, [
      metadata({ barcode: '4006381333931', releaseDate: '2026-02-30' }),
    ]);
    const error = expectShape(apiErrorBodySchema, badField).error;
    expect(badField.statusCode).toBe(400);
    expect(pathsOf(error)).toEqual([['body', 'metadata', 'releaseDate']]);
    const missing = await c.updateForm(owner, album.id, [artworkPart(await artworkImage(10, 10))]);
    expect(pathsOf(expectError(missing, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'metadata']]);
  });

  it('artwork: null removes it and its files', async () => {
    const before = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`)).artwork!;
    const response = await c.updateJson(owner, album.id, { artwork: null });
    expect(expectShape(albumDetailSchema, response).artwork).toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'media', 'images', String(before.id)))).toBe(false);
  });
});

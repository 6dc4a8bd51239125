// Test helpers for releases, tracks and their media (not a test file itself), shared by the domains' tests.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import {
  type AlbumDetail,
  albumDetailSchema,
  endpoints,
  pathOf,
  type ArtistDetail,
  artistDetailSchema,
  type Session,
  type Track,
  trackSchema,
} from '@tunehouse/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Db } from '../platform/db.js';
import { bearer, expectShape, multipart, type Part } from './fixtures.js';
import type { TestApp } from './test-app.js';

export { multipart, type Part } from './fixtures.js';

/**
 * A WAV file written by hand: the RIFF header, a `fmt ` chunk (PCM) and a `data` chunk of a 440 Hz sine in every
 * channel. 8-bit samples are unsigned, as the format has them.
 */
export function wav({
  seconds = 1,
  sampleRate = 44_100,
  channels = 2,
  bitDepth = 16,
}: { seconds?: number; sampleRate?: number; channels?: number; bitDepth?: 8 | 16 | 24 } = {}): Buffer {
  const bytes = bitDepth / 8;
  const frames = Math.round(seconds * sampleRate);
  const dataSize = frames * channels * bytes;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * bytes, 28);
  buffer.writeUInt16LE(channels * bytes, 32);
  buffer.writeUInt16LE(bitDepth, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  let offset = 44;
  for (let frame = 0; frame < frames; frame += 1) {
    const value = Math.sin((2 * Math.PI * 440 * frame) / sampleRate) * 0.5;
    for (let channel = 0; channel < channels; channel += 1) {
      if (bitDepth === 8) buffer.writeUInt8(Math.round(128 + value * 127), offset);
      else if (bitDepth === 16) buffer.writeInt16LE(Math.round(value * 32_767), offset);
      else buffer.writeIntLE(Math.round(value * 8_388_607), offset, 3);
      offset += bytes;
    }
  }
  return buffer;
}

/** A FLAC file made from a generated WAV with the ffmpeg binary. */
export async function flac(seconds = 1): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tunehouse-flac-'));
  try {
    await fs.writeFile(path.join(dir, 'in.wav'), wav({ seconds }));
    await promisify(execFile)(ffmpeg.path, [
      ...['-hide_banner', '-loglevel', 'error', '-i', path.join(dir, 'in.wav')],
      ...['-codec:a', 'flac', path.join(dir, 'out.flac')],
    ]);
    return await fs.readFile(path.join(dir, 'out.flac'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A plain-colour image (small to encode and to send) of the given size. */
export function artworkImage(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 90 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A date `days` from today, YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A random valid EAN-13 (GS1 check digit). */
export function randomBarcode(): string {
  const body = `2${Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

let isrcCounter = 0;
/** A fresh, well-formed ISRC for this test file (ZZ-TST-26-NNNNN). */
export function randomIsrc(): string {
  isrcCounter += 1;
  return `ZZTST26${String(isrcCounter).padStart(5, '0')}`;
}

export function releaseClient(app: FastifyInstance) {
  const as = (session: Session) => bearer(session);
  const { albums, tracks } = endpoints.releases;
  const audioPath = (albumId: string | number, trackId: string | number) =>
    pathOf(tracks.setAudio.path, { albumId, id: trackId });
  return {
    async artist(session: Session, name = 'Release Artist'): Promise<ArtistDetail> {
      const response = await app.inject({
        method: 'POST',
        url: endpoints.artists.create.path,
        headers: as(session),
        payload: { name },
      });
      return expectShape(artistDetailSchema, response);
    },
    createJson: (session: Session, payload: object) =>
      app.inject({ method: 'POST', url: albums.create.path, headers: as(session), payload }),
    updateJson: (session: Session, id: string | number, payload: object) =>
      app.inject({ method: 'POST', url: pathOf(albums.update.path, { id }), headers: as(session), payload }),
    createForm: (session: Session, parts: Part[]) => {
      const body = multipart(parts);
      return app.inject({
        method: 'POST',
        url: albums.create.path,
        headers: { ...as(session), ...body.headers },
        payload: body.payload,
      });
    },
    updateForm: (session: Session, id: string | number, parts: Part[]) => {
      const body = multipart(parts);
      return app.inject({
        method: 'POST',
        url: pathOf(albums.update.path, { id }),
        headers: { ...as(session), ...body.headers },
        payload: body.payload,
      });
    },
    async album(session: Session, payload: object = {}): Promise<AlbumDetail> {
      const response = await app.inject({
        method: 'POST',
        url: albums.create.path,
        headers: as(session),
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return expectShape(albumDetailSchema, response);
    },
    get: (session: Session, url: string) => app.inject({ url, headers: as(session) }),
    publish: (session: Session, id: string | number, payload: object = { termsAccepted: true }) =>
      app.inject({ method: 'POST', url: pathOf(albums.publish.path, { id }), headers: as(session), payload }),
    uploadAudio: (session: Session, albumId: string | number, trackId: string | number, parts: Part[]) => {
      const body = multipart(parts);
      return app.inject({
        method: 'POST',
        url: audioPath(albumId, trackId),
        headers: { ...as(session), ...body.headers },
        payload: body.payload,
      });
    },
    async audio(
      session: Session,
      albumId: string | number,
      trackId: string | number,
      data = wav(),
    ): Promise<Track> {
      const body = multipart([{ name: 'audio', filename: 'take.wav', type: 'audio/wav', data }]);
      const response = await app.inject({
        method: 'POST',
        url: audioPath(albumId, trackId),
        headers: { ...as(session), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(trackSchema, response);
    },
  };
}

/** Album form metadata that passes every rule except artwork and audio (added by the caller). */
export function completeMetadata(artistId: string | number, overrides: object = {}) {
  return {
    title: 'Northern Lights',
    primaryGenre: 'POP',
    language: 'EN',
    format: 'SINGLE',
    pLine: '2026 Test Records',
    cLine: '2026 Test Records',
    recordLabel: 'Test Records',
    barcode: randomBarcode(),
    ai: false,
    releaseDate: daysFromToday(30),
    platforms: ['SPOTIFY', 'APPLE_MUSIC'],
    territories: 'WORLDWIDE',
    artists: [{ id: artistId, role: 'PRIMARY' }],
    tracks: [{ index: 1, title: 'Aurora', isrc: randomIsrc() }],
    ...overrides,
  };
}

/**
 * Gives an album artwork without rendering it again: a copy of another album's image row (tests only; the files
 * are shared, which the API never does).
 */
export async function copyArtwork(
  db: Db,
  fromAlbumId: string | number,
  toAlbumId: string | number,
): Promise<void> {
  await db.query(
    `WITH source AS (SELECT i.account_id, i.format, i.renditions FROM albums al JOIN images i ON i.id = al.artwork_id
                      WHERE al.id = $1),
          copied AS (INSERT INTO images (account_id, format, renditions) SELECT * FROM source RETURNING id)
     UPDATE albums SET artwork_id = (SELECT id FROM copied) WHERE id = $2`,
    [fromAlbumId, toAlbumId],
  );
}

/**
 * Makes albums that pass every publishing rule, quickly: one 3000×3000 artwork is rendered once, on an album of
 * `owner` ("Artwork source"), and each album made gets a copy of its row, complete metadata for the artist (with
 * `overrides`) and a second of audio on every track.
 */
export async function readyAlbums(t: Pick<TestApp, 'app' | 'db'>, owner: Session) {
  const c = releaseClient(t.app);
  const source = await c.createForm(owner, [
    { name: 'metadata', data: JSON.stringify({ title: 'Artwork source' }) },
    { name: 'artwork', filename: 'cover.png', data: await artworkImage(3000, 3000) },
  ]);
  const artworkAlbumId = expectShape(albumDetailSchema, source).id;
  return async (
    session: Session,
    artistId: string | number,
    overrides: object = {},
  ): Promise<AlbumDetail> => {
    const album = await c.album(session, completeMetadata(artistId, overrides));
    await copyArtwork(t.db, artworkAlbumId, album.id);
    for (const track of album.tracks) await c.audio(session, album.id, track.id, wav({ seconds: 1 }));
    return album;
  };
}

/** Publishes an album and moves its licence's start ten days back, so that the licence's first year has begun. */
export async function publishLicensedTenDaysAgo(
  t: Pick<TestApp, 'app' | 'db'>,
  session: Session,
  albumId: string | number,
  payload: object = { termsAccepted: true },
): Promise<void> {
  const response = await releaseClient(t.app).publish(session, albumId, payload);
  expect(response.statusCode, response.body).toBe(200);
  await t.db.query(`UPDATE licences SET starts_at = current_date - 10 WHERE album_id = $1`, [albumId]);
}

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  type AlbumDetail,
  albumDetailSchema,
  endpoints,
  pathOf,
  type Session,
  sessionSchema,
} from '@tunehouse/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../testing/api-process.js';
import { createUser, multipart, PASSWORD, type Part } from '../testing/fixtures.js';
import { artworkImage, completeMetadata, wav } from '../testing/release-fixtures.js';
import { createTestDatabase } from '../testing/test-app.js';
import type { Db } from './db.js';

/**
 * The API process killed with SIGKILL (no shutdown hook runs) in the middle of work, then started again on the same
 * database and data dir. The recovery rules these tests hold:
 * - Mid-upload: a file being received is written to a `.partial` file that no row names; its row is inserted only
 *   once the whole file was received and checked. A kill leaves that partial file and nothing else: no row, the
 *   track without audio, and the upload tried again succeeds once. The partial file is removed by the sweep each
 *   store runs at start for partial files older than the longest upload (6 h: younger ones may be another API
 *   process's upload in progress).
 * - Mid-publish: the publish is one transaction (identifiers, licence, state, the hand-off to delivery). A kill
 *   while it is open leaves PostgreSQL to roll it back when the dead client's connection is found closed: the album
 *   is still a draft without barcode or licence, no identifier is used up, nothing was handed to delivery. The
 *   publish tried again after the restart completes, exactly once (a second try is refused), and the release moves on
 *   to its platforms.
 * The kill points are chosen by state, not time: the upload once its partial file holds bytes, the publish once
 * its transaction waits on a row lock this test holds (PostgreSQL's pg_stat_activity shows the wait).
 */

const ISRC_REGISTRANT = 'ZZKIL';
const isrcSequence = `ISRC:${ISRC_REGISTRANT}:${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}`;

let db: Db;
let databaseUrl = '';
let drop: () => Promise<void>;
let dataDir = '';
let api: ApiProcess | undefined;
let email = '';

const start = async () => {
  api = await startApiProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    REVIEW_AUTO_ACCEPT: 'true',
    BARCODE_RANGE: '200000000000-200000099999',
    ISRC_REGISTRANT,
    DELIVERY_SIMULATOR_ACK_SECONDS: '1',
  });
  return api;
};

async function login(): Promise<Session> {
  const response = await fetch(`${api!.url}${endpoints.sessions.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return sessionSchema.parse(await response.json());
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.token.accessToken}` });

async function sendForm(session: Session, url: string, parts: Part[]) {
  const form = multipart(parts);
  return fetch(`${api!.url}${url}`, {
    method: 'POST',
    headers: { ...auth(session), ...form.headers },
    body: form.payload,
  });
}

async function album(session: Session, id: string): Promise<AlbumDetail> {
  const response = await fetch(`${api!.url}${pathOf(endpoints.releases.albums.get.path, { id })}`, {
    headers: auth(session),
  });
  return albumDetailSchema.parse(await response.json());
}

const publish = (session: Session, id: string) =>
  fetch(`${api!.url}${pathOf(endpoints.releases.albums.publish.path, { id })}`, {
    method: 'POST',
    headers: { ...auth(session), 'content-type': 'application/json' },
    body: JSON.stringify({ termsAccepted: true }),
  });

/** Every `.partial` file under the data dir. */
function partialFiles(dir = dataDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const location = path.join(dir, entry.name);
    if (entry.isDirectory()) return partialFiles(location);
    return entry.name.endsWith('.partial') ? [location] : [];
  });
}

/** Polls a condition of the system (not a clock) until it holds; the bound only keeps a broken run from hanging. */
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

async function createArtist(session: Session): Promise<string> {
  const response = await fetch(`${api!.url}${endpoints.artists.create.path}`, {
    method: 'POST',
    headers: { ...auth(session), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Killed Artist' }),
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: string | number }).id);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-api-killed-'));
  const database = await createTestDatabase();
  ({ db, drop } = database);
  databaseUrl = database.url;
  email = (await createUser(db)).email;
  await start();
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the API killed mid-work', () => {
  it('mid-upload: no row, no audio, and the upload tried again after the restart is kept once', async () => {
    let session = await login();
    const artistId = await createArtist(session);
    const created = await fetch(`${api!.url}${endpoints.releases.albums.create.path}`, {
      method: 'POST',
      headers: { ...auth(session), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Cut off',
        artists: [{ id: artistId, role: 'PRIMARY' }],
        tracks: [{ index: 1, title: 'Half sent' }],
      }),
    });
    const { id: albumId, tracks } = albumDetailSchema.parse(await created.json());
    const trackId = String(tracks[0]!.id);
    const audioPath = pathOf(endpoints.releases.tracks.setAudio.path, { albumId, id: trackId });
    const audio = wav({ seconds: 60 });
    const form = multipart([{ name: 'audio', filename: 'take.wav', type: 'audio/wav', data: audio }]);

    // Half the body is sent; the rest never comes.
    const request = http.request(`${api!.url}${audioPath}`, {
      method: 'POST',
      headers: {
        ...auth(session),
        ...form.headers,
        'content-length': String(form.payload.length),
      },
    });
    const failed = new Promise<Error>((resolve) => request.on('error', resolve));
    request.write(form.payload.subarray(0, Math.floor(form.payload.length / 2)));
    await until('the upload is being written to its partial file', async () =>
      partialFiles().some((file) => fs.statSync(file).size > 0),
    );
    await api!.kill();
    expect((await failed).message).toMatch(/socket hang up|ECONNRESET/);

    await start();
    session = await login();
    const { rows } = await db.query('SELECT id FROM audio_files');
    expect(rows).toEqual([]);
    expect((await album(session, String(albumId))).tracks[0]!.audio).toBeNull();
    // Left behind: the partial file only (`.<uuid>.partial`, the name the start-up sweep removes once it is old).
    expect(partialFiles().map((file) => path.basename(file))).toEqual([
      expect.stringMatching(/^\.[0-9a-f-]{36}\.partial$/),
    ]);

    const retried = await sendForm(session, audioPath, [
      { name: 'audio', filename: 'take.wav', type: 'audio/wav', data: audio },
    ]);
    expect(retried.status).toBe(200);
    expect((await album(session, String(albumId))).tracks[0]!.audio).not.toBeNull();
    expect((await db.query('SELECT id FROM audio_files')).rows).toHaveLength(1);
  }, 180_000);

  it('mid-publish: the transaction is rolled back, and the publish tried again after the restart completes once', async () => {
    let session = await login();
    const artistId = await createArtist(session);
    // Complete but for the identifiers, which the publish assigns (barcode range and ISRC registrant configured).
    const metadata = completeMetadata(artistId, { tracks: [{ index: 1, title: 'Aurora' }] }) as Record<
      string,
      unknown
    >;
    delete metadata.barcode;
    const created = await sendForm(session, endpoints.releases.albums.create.path, [
      { name: 'metadata', data: JSON.stringify(metadata) },
      { name: 'artwork', filename: 'cover.png', type: 'image/png', data: await artworkImage(3000, 3000) },
    ]);
    expect(created.status).toBe(201);
    const draft = albumDetailSchema.parse(await created.json());
    const albumId = String(draft.id);
    const audioPath = pathOf(endpoints.releases.tracks.setAudio.path, { albumId, id: draft.tracks[0]!.id });
    const uploaded = await sendForm(session, audioPath, [
      { name: 'audio', filename: 'aurora.wav', type: 'audio/wav', data: wav({ seconds: 3 }) },
    ]);
    expect(uploaded.status).toBe(200);
    const before = await album(session, albumId);

    // The test holds the ISRC sequence's row: the publish, which has by then written the album's barcode in its
    // transaction, waits there.
    await db.query('INSERT INTO identifier_sequences (kind, last_value) VALUES ($1, 0)', [isrcSequence]);
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT * FROM identifier_sequences WHERE kind = $1 FOR UPDATE', [isrcSequence]);
      const publishing = publish(session, albumId).then(
        (response) => response.status,
        (error: unknown) => error,
      );
      const backend = await until('the publish waits on the ISRC row', async () => {
        const { rows } = await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%identifier_sequences%'`,
        );
        return rows[0]?.pid;
      });
      await api!.kill();
      expect(await publishing).toBeInstanceOf(Error);
      await blocker.query('ROLLBACK');
      // The orphaned transaction finds its client gone once it may go on, and is rolled back.
      await until('the dead API’s transaction has ended', async () => {
        const { rows } = await db.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [backend]);
        return rows.length === 0;
      });
    } finally {
      await blocker.end();
    }

    const half = await db.query<{ status: string; review_status: string; barcode: string | null }>(
      'SELECT status, review_status, barcode FROM albums WHERE id = $1',
      [albumId],
    );
    expect(half.rows[0]).toEqual({ status: 'DRAFT', review_status: before.reviewStatus, barcode: null });
    expect((await db.query('SELECT 1 FROM licences WHERE album_id = $1', [albumId])).rows).toEqual([]);
    expect((await db.query(`SELECT kind FROM identifier_sequences WHERE kind = 'BARCODE'`)).rows).toEqual([]);
    expect((await db.query('SELECT 1 FROM deliveries WHERE album_id = $1', [albumId])).rows).toEqual([]);

    await start();
    session = await login();
    const published = await publish(session, albumId);
    expect(published.status, await published.clone().text()).toBe(200);
    const again = await publish(session, albumId);
    expect(again.status).toBe(409);
    const after = await album(session, albumId);
    expect({ status: after.status, reviewStatus: after.reviewStatus }).toEqual({
      status: 'PUBLISHED',
      reviewStatus: 'ACCEPTED',
    });
    expect(after.barcode).toMatch(/^2000000000\d{3}$/);
    expect((await db.query('SELECT 1 FROM licences WHERE album_id = $1', [albumId])).rows).toHaveLength(1);
    // Not stuck: every chosen platform gets its delivery, once.
    const deliveries = await until('the release is delivered to its platforms', async () => {
      const { rows } = await db.query<{ platform: string }>(
        'SELECT platform FROM deliveries WHERE album_id = $1',
        [albumId],
      );
      return rows.length >= (after.platforms ?? []).length ? rows : null;
    });
    expect(deliveries.map(({ platform }) => platform).sort()).toEqual([...(after.platforms ?? [])].sort());
  }, 240_000);
});

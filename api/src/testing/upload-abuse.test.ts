import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  ALBUM_FORM_PARTS,
  allEndpoints,
  apiErrorBodySchema,
  ARTIST_IMAGE_FIELD,
  ARTIST_IMAGE_MAX_BYTES,
  type Endpoint,
  endpoints,
  pathOf,
  REPORT_FILE_FIELD,
  type Session,
  TRACK_AUDIO_FIELD,
  VERIFICATION_DOCUMENT_FIELD,
  VERIFICATION_DOCUMENT_MAX_BYTES,
} from '@tunehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../platform/db.js';
import { type Jobs, startJobs } from '../platform/jobs.js';
import { pdfDocument } from '../platform/pdf-document.js';
import { bearer, createUser, login, multipart, type Part } from './fixtures.js';
import { artworkImage, releaseClient, wav } from './release-fixtures.js';
import { createTestDatabase, testConfig } from './test-app.js';

/**
 * Upload abuse, generated from the contracts: every endpoint whose body is multipart (`metadata.multipart`) is sent
 * the uploads a careless user or an attacker sends — a text file and an ELF binary renamed to the right type, a
 * zero-byte file, a real file cut short, a pixel bomb (image routes), a file over the route's limit with and without
 * Content-Length, the file under the wrong part name — over real HTTP on one keep-alive agent, as a browser does.
 * Each must be answered 4xx in the one error shape (no 5xx, no stack), the agent's next request must be answered
 * (no connection left hanging), and nothing may be left behind: every table of the database and every file under
 * the API's data dir are the same after the refusal as before. A control upload of the real file is accepted last,
 * so a refusal cannot come from a wrong setup. A new upload route fails the first test until it is in UPLOADS.
 */

type Kind = 'image' | 'audio' | 'document' | 'report';
type Target = { session: Session; params: Record<string, string> };
type File = { filename: string; type: string; data: Buffer };
type UploadRoute = {
  kind: Kind;
  /** The part the file travels in. */
  field: string;
  /** The most bytes the route takes. */
  maxBytes: number;
  /** Who uploads where: the session and the path parameters. */
  target: () => Target;
  /** The other parts of a form that passes (the file part is added by the case). */
  otherParts: () => Part[];
  /** A real file the route accepts (the control), and what it answers then. */
  good: () => File;
  accepted: number;
};

const MiB = 1024 * 1024;
const AUDIO_MAX_BYTES = 16 * MiB;
const ARTWORK_MAX_BYTES = 16 * MiB;
const REPORT_MAX_BYTES = 16 * MiB;

let app: FastifyInstance;
let db: Db;
let jobs: Jobs;
let drop: () => Promise<void>;
let dataDir = '';
let base = '';
let owner: Session;
let admin: Session;
const ids = { album: '', track: '', artist: '' };
const files: { png: Buffer; artistPng: Buffer; wav: Buffer; pdf: Buffer; csv: Buffer } = {} as never;

const metadataOf = () => ({
  title: 'Abused',
  artists: [{ id: ids.artist, role: 'PRIMARY' }],
});

const UPLOADS: Record<string, UploadRoute> = {
  'releases.albums.create': {
    kind: 'image',
    field: ALBUM_FORM_PARTS.artwork,
    maxBytes: ARTWORK_MAX_BYTES,
    target: () => ({ session: owner, params: {} }),
    otherParts: () => [{ name: ALBUM_FORM_PARTS.metadata, data: JSON.stringify(metadataOf()) }],
    good: () => ({ filename: 'cover.png', type: 'image/png', data: files.png }),
    accepted: 201,
  },
  'releases.albums.update': {
    kind: 'image',
    field: ALBUM_FORM_PARTS.artwork,
    maxBytes: ARTWORK_MAX_BYTES,
    target: () => ({ session: owner, params: { id: ids.album } }),
    otherParts: () => [{ name: ALBUM_FORM_PARTS.metadata, data: JSON.stringify({ title: 'Abused again' }) }],
    good: () => ({ filename: 'cover.png', type: 'image/png', data: files.png }),
    accepted: 200,
  },
  'releases.tracks.setAudio': {
    kind: 'audio',
    field: TRACK_AUDIO_FIELD,
    maxBytes: AUDIO_MAX_BYTES,
    target: () => ({ session: owner, params: { albumId: ids.album, id: ids.track } }),
    otherParts: () => [],
    good: () => ({ filename: 'take.wav', type: 'audio/wav', data: files.wav }),
    accepted: 200,
  },
  'artists.setImage': {
    kind: 'image',
    field: ARTIST_IMAGE_FIELD,
    maxBytes: ARTIST_IMAGE_MAX_BYTES,
    target: () => ({ session: owner, params: { id: ids.artist } }),
    otherParts: () => [],
    good: () => ({ filename: 'portrait.png', type: 'image/png', data: files.artistPng }),
    accepted: 200,
  },
  'verifications.submit': {
    kind: 'document',
    field: VERIFICATION_DOCUMENT_FIELD,
    maxBytes: VERIFICATION_DOCUMENT_MAX_BYTES,
    target: () => ({ session: owner, params: {} }),
    otherParts: () =>
      Object.entries({
        legalName: 'Adaeze Nwosu',
        dateOfBirth: '1990-04-17',
        addressLine: 'Rruga Agim Ramadani 15',
        city: 'Prishtina',
        postalCode: '10000',
        country: 'XK',
      }).map(([name, data]) => ({ name, data })),
    good: () => ({ filename: 'passport.pdf', type: 'application/pdf', data: files.pdf }),
    accepted: 202,
  },
  'reports.upload': {
    kind: 'report',
    field: REPORT_FILE_FIELD,
    maxBytes: REPORT_MAX_BYTES,
    target: () => ({ session: admin, params: {} }),
    otherParts: () => [],
    good: () => ({ filename: 'streams-2026-01.csv', type: 'text/csv', data: files.csv }),
    accepted: 202,
  },
};

/** The first bytes of an x86-64 ELF executable, then filler: a binary that is no media of any kind. */
const elf = () =>
  Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
    Buffer.alloc(8),
    Buffer.from([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00]),
    Buffer.alloc(64 * 1024, 0x90),
  ]);

/**
 * A PNG that claims 30000 × 30000 pixels (900 megapixels) in a few hundred bytes: a real 1 × 1 PNG whose header's
 * dimensions (and their checksum) are rewritten. Whoever decodes it before checking its size is exhausted.
 */
async function pixelBomb(): Promise<Buffer> {
  const bomb = Buffer.from(await artworkImage(1, 1));
  bomb.writeUInt32BE(30_000, 16);
  bomb.writeUInt32BE(30_000, 20);
  bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/**
 * A renamed file is 8 MiB (under every route's limit): far more than the server reads before it refuses the type, so
 * the rest of the body is still coming when the answer goes, as when the browser uploaded a wrong file.
 */
const RENAMED_BYTES = 8 * MiB;
const renamed = (start: Buffer) =>
  Buffer.concat(Array.from({ length: Math.ceil(RENAMED_BYTES / start.length) }, () => start)).subarray(
    0,
    RENAMED_BYTES,
  );

/** `good` followed by filler to `bytes`: the right type by its first bytes, too large by its size. */
const padded = (good: Buffer, bytes: number) => Buffer.concat([good, Buffer.alloc(bytes - good.length, 0)]);

/**
 * Where a real file is cut. A WAV cut after 1,000 bytes still promises its whole data chunk in its header. A report
 * is cut inside its header row: the upload reads only that (a report runs to GiBs), and a report cut between its
 * rows is refused whole by the job that loads it (reports' loader tests).
 */
const CUT_AT: Record<Kind, (data: Buffer) => number> = {
  audio: () => 1000,
  report: (data) => data.indexOf(',streams'),
  image: (data) => Math.floor(data.length / 2),
  document: (data) => Math.floor(data.length / 2),
};

type AbuseCase = {
  name: string;
  /** Image routes only (the pixel bomb). */
  only?: Kind[];
  file: (route: UploadRoute) => Promise<File> | File;
  /** The part name to send the file under, when not the route's own. */
  field?: string;
  chunked?: boolean;
  /** The answers the case may get: always 4xx; named where the contract names one. */
  statuses: number[];
};

const CASES: AbuseCase[] = [
  {
    name: 'a text file renamed to the right type',
    file: (route) => ({
      ...route.good(),
      data: renamed(Buffer.from('These are my liner notes, not a media file.\n')),
    }),
    // A report is text: a text file renamed .csv is a report without a header row.
    statuses: [415, 422, 400],
  },
  {
    name: 'an ELF binary renamed to the right type',
    file: (route) => ({ ...route.good(), data: renamed(elf()) }),
    statuses: [415],
  },
  {
    name: 'a zero-byte file',
    file: (route) => ({ ...route.good(), data: Buffer.alloc(0) }),
    statuses: [400, 415, 422],
  },
  {
    name: 'a real file cut short',
    file: (route) => {
      const good = route.good();
      return { ...good, data: good.data.subarray(0, CUT_AT[route.kind](good.data)) };
    },
    statuses: [400, 415, 422],
  },
  {
    name: 'a pixel bomb',
    only: ['image', 'document'],
    file: async (route) => ({
      ...route.good(),
      filename: 'bomb.png',
      type: 'image/png',
      data: await pixelBomb(),
    }),
    statuses: [413],
  },
  {
    name: 'a file over the limit, with Content-Length',
    file: (route) => ({ ...route.good(), data: padded(route.good().data, route.maxBytes + 2 * MiB) }),
    statuses: [413],
  },
  {
    name: 'a file over the limit, chunked without Content-Length',
    chunked: true,
    file: (route) => ({ ...route.good(), data: padded(route.good().data, route.maxBytes + 64 * 1024) }),
    statuses: [413],
  },
  {
    name: 'the file under a wrong part name',
    field: 'upload',
    file: (route) => route.good(),
    statuses: [400],
  },
];

type Answer = { status: number; body: string };

/**
 * One request on the keep-alive agent. The body is written whole, in pieces, as a browser sends it even after an
 * early answer: a server that stopped reading it must close the connection, or the rest stalls there and the
 * agent's next request waits behind it. A write error after the answer is that close, not a failure.
 */
function send(
  agent: http.Agent,
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    chunked = false,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    chunked?: boolean;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, {
      agent,
      method,
      headers: {
        ...headers,
        ...(body && !chunked ? { 'content-length': String(body.length) } : {}),
        ...(body && chunked ? { 'transfer-encoding': 'chunked' } : {}),
      },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    // A guard against a hang, not a measure: a refusal comes in milliseconds. A timer, not the socket's idle
    // timeout: a request queued behind a stuck connection has no socket of its own to time out.
    const guard = setTimeout(
      () => request.destroy(new Error('no answer within 10 s: the connection hung')),
      10_000,
    );
    request.on('close', () => clearTimeout(guard));
    void (async () => {
      const piece = 64 * 1024;
      for (let offset = 0; body && offset < body.length; offset += piece) {
        if (request.destroyed) return;
        if (!request.write(body.subarray(offset, offset + piece))) {
          await new Promise<void>((drained) => {
            const resume = () => {
              request.off('drain', resume).off('close', resume);
              drained();
            };
            request.on('drain', resume).on('close', resume);
          });
        }
      }
      if (!request.destroyed) request.end();
    })();
  });
}

/** Every row of every table of the database, as one digest per table. */
async function databaseState(): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const { rows } = await db.query<{ name: string; digest: string }>(
    tables
      .map(
        ({ name }) =>
          `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
      )
      .join(' UNION ALL '),
  );
  return new Map(
    rows.filter(({ name }) => !CHANGED_BY_ANY_REQUEST[name]).map(({ name, digest }) => [name, digest]),
  );
}

/** Tables that change with any request, upload or not, and why. */
const CHANGED_BY_ANY_REQUEST: Record<string, string> = {
  sessions: 'a session notes when it was last used',
  rate_limit_counters: 'every request counts against its limits',
};

/** The stores' own folders, made on their first use by whichever upload comes first. */
const STORE_FOLDERS = ['media/', 'media/images/', 'media/audio/', 'reports/', 'verifications/'];

/**
 * Every file and folder under the data dir (hidden `.partial` files included), with its size; an upload's own
 * folder (an image's renditions, an account's documents) counts as something left behind.
 */
function diskState(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const location = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const folder = `${path.relative(dataDir, location)}/`;
        if (!STORE_FOLDERS.includes(folder)) found.push(folder);
        walk(location);
      } else found.push(`${path.relative(dataDir, location)} ${fs.statSync(location).size}`);
    }
  };
  walk(dataDir);
  return found.sort();
}

function difference(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (name) => before.get(name) !== after.get(name),
  );
}

const uploadRoutes = () => allEndpoints().filter(([, endpoint]) => endpoint.metadata.multipart === true);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-upload-abuse-'));
  const database = await createTestDatabase();
  db = database.db;
  drop = database.drop;
  jobs = await startJobs({ connectionString: database.url, migrate: false, background: false });
  const config = testConfig({
    dataDir,
    audioMaxBytes: AUDIO_MAX_BYTES,
    artworkMaxBytes: ARTWORK_MAX_BYTES,
    audioPreviewWorker: false,
  });
  app = await buildApp(config, { db, jobs, reports: { maxBytes: REPORT_MAX_BYTES } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const [user, administrator] = await Promise.all([createUser(db), createUser(db, { isAdmin: true })]);
  owner = await login(app, user.email);
  admin = await login(app, administrator.email);
  const releases = releaseClient(app);
  const artist = await releases.artist(owner, 'Abused Artist');
  const album = await releases.album(owner, {
    title: 'Target',
    tracks: [{ index: 1, title: 'Target Track' }],
  });
  Object.assign(ids, {
    artist: String(artist.id),
    album: String(album.id),
    track: String(album.tracks[0]!.id),
  });

  const pdf = pdfDocument({ size: 'A4' });
  pdf.doc.fontSize(18).text('PASSPORT — Adaeze Nwosu — 1990-04-17');
  pdf.doc.end();
  Object.assign(files, {
    png: await artworkImage(3000, 3000),
    artistPng: await artworkImage(800, 800),
    wav: wav({ seconds: 2 }),
    pdf: await pdf.done,
    csv: Buffer.from(
      'date,platform,territory,isrc,upc,streams,sub30,revenue,currency\n' +
        Array.from(
          { length: 400 },
          (_, day) =>
            `2026-01-${String((day % 28) + 1).padStart(2, '0')},SPOTIFY,NL,ZZTST2600001,,${day + 10},0,0.0${day % 10},EUR`,
        ).join('\n') +
        '\n',
    ),
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await jobs?.stop();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('upload abuse', () => {
  it('knows every upload route of the contracts', () => {
    const routes = uploadRoutes().map(([name]) => name);
    expect(routes.filter((name) => !UPLOADS[name])).toEqual([]);
    expect(Object.keys(UPLOADS).filter((name) => !routes.includes(name))).toEqual([]);
  });

  it('refuses every abusive upload with a 4xx, keeps the connection usable and leaves nothing behind', async () => {
    const failures: string[] = [];
    let tried = 0;
    let serverErrors = 0;
    // One agent per case, as one browser tab: a connection left stuck by one case does not hold up the next.
    const agents: http.Agent[] = [];
    const newAgent = () => {
      agents.push(new http.Agent({ keepAlive: true, maxSockets: 1 }));
      return agents.at(-1)!;
    };
    try {
      for (const [name, endpoint] of uploadRoutes()) {
        const route = UPLOADS[name]!;
        for (const abuse of CASES.filter(({ only }) => !only || only.includes(route.kind))) {
          const label = `${name} ← ${abuse.name}`;
          const { session, params } = route.target();
          const file = await abuse.file(route);
          const form = multipart([
            ...route.otherParts(),
            { name: abuse.field ?? route.field, filename: file.filename, type: file.type, data: file.data },
          ]);
          const [tablesBefore, diskBefore] = [await databaseState(), diskState()];
          const agent = newAgent();
          tried += 1;
          const answer = await send(agent, pathOf((endpoint as Endpoint).path, params), {
            method: endpoint.method,
            headers: { ...bearer(session), ...form.headers },
            body: form.payload,
            chunked: abuse.chunked ?? false,
          }).catch((error: unknown) => ({ status: -1, body: String(error) }));
          if (answer.status >= 500) serverErrors += 1;
          if (!abuse.statuses.includes(answer.status))
            failures.push(
              `${label}: ${answer.status} (expected ${abuse.statuses.join(' or ')}) ${answer.body.slice(0, 300)}`,
            );
          else if (
            !apiErrorBodySchema.safeParse(JSON.parse(answer.body)).success ||
            /\bat .+\.(ts|js):\d+/.test(answer.body)
          )
            failures.push(`${label}: not the one error shape: ${answer.body.slice(0, 300)}`);

          const next = await send(agent, endpoints.users.me.path, { headers: bearer(session) }).catch(
            (error: unknown) => ({ status: -1, body: String(error) }),
          );
          if (next.status !== 200)
            failures.push(`${label}: the next request on the agent got ${next.status} ${next.body}`);

          const changedTables = difference(tablesBefore, await databaseState());
          if (changedTables.length > 0)
            failures.push(`${label}: rows changed in ${changedTables.join(', ')}`);
          const diskAfter = diskState();
          const added = diskAfter.filter((entry) => !diskBefore.includes(entry));
          const removed = diskBefore.filter((entry) => !diskAfter.includes(entry));
          if (added.length + removed.length > 0)
            failures.push(`${label}: files changed: +${added.join(', +')} -${removed.join(', -')}`);
        }
      }

      // The controls: the real files are taken, so every refusal above was the abuse's.
      for (const [name, endpoint] of uploadRoutes()) {
        const route = UPLOADS[name]!;
        const { session, params } = route.target();
        const file = route.good();
        const form = multipart([...route.otherParts(), { name: route.field, ...file }]);
        const answer = await send(newAgent(), pathOf((endpoint as Endpoint).path, params), {
          method: endpoint.method,
          headers: { ...bearer(session), ...form.headers },
          body: form.payload,
        });
        if (answer.status !== route.accepted)
          failures.push(`${name} ← its real file (control): ${answer.status} ${answer.body.slice(0, 300)}`);
      }
    } finally {
      for (const agent of agents) agent.destroy();
    }
    console.log(
      `upload abuse: ${tried} uploads tried (${uploadRoutes().length} upload routes × ${CASES.length} cases, the pixel bomb on image routes only), ${failures.length} failures, ${serverErrors} 5xx seen`,
    );
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 300_000);
});

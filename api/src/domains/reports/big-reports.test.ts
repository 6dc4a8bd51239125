import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { endpoints, type Session } from '@tunehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { type ReportApp, startReportApp } from '../../testing/report-app.js';
import { createInMemoryCatalogue } from './catalogue.js';
import { processReportJob, reportFilePageSchema, reportUploadSchema } from './reports.js';
import { YOUTUBE_QUARTER_REPORT, youtubeQuarterReport } from './test-reports.js';

/**
 * Big report files (docs/decisions/0081-big-report-files.md): gzip and zip uploads, a gzip file cut short, and a
 * multi-part DSR set arriving out of order.
 */

const api = endpoints.reports;

let t: ReportApp;
let db: Db;
let app: FastifyInstance;
let dataDir: string;
let queued: string[];
let admin: Session;

const csvTrack = { trackId: randomUUID(), albumId: randomUUID(), accountId: randomUUID() };
const dsrTrack = { trackId: randomUUID(), albumId: randomUUID(), accountId: randomUUID() };
const catalogue = createInMemoryCatalogue([
  { ...csvTrack, isrc: 'SEABC2400001' },
  // 7,810 streams in each copy of the YouTube quarter report.
  { ...dsrTrack, isrc: 'USSM19803037' },
]);

beforeAll(async () => {
  t = await startReportApp({ maxBytes: 1024 * 1024, folder: 'tunehouse-big-reports-' });
  ({ db, app, dataDir, queued } = t);
  admin = await login(app, (await createUser(db, { isAdmin: true })).email);
});
afterAll(() => t.close());

const upload = (name: string, content: string | Buffer) => t.upload(admin, name, content);

const runJob = (fileId: string) => processReportJob(db, { fileId }, { catalogue, files: t.files });

const fileOf = async (id: string) =>
  (await app.inject(injectOf(api.get, { params: { id } }, { session: admin }))).json();

async function streamsOf(trackId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT coalesce(sum(streams), 0)::int AS n FROM stream_facts WHERE track_id = $1',
    [trackId],
  );
  return rows[0]!.n;
}

const CSV =
  'date,platform,territory,isrc,upc,streams,sub30\n' +
  '2024-04-01,SPOTIFY,SE,SEABC2400001,,100,4\n' +
  '2024-04-02,TIDAL,NO,QZABC2400003,,3,0\n';

/** A zip archive holding one file, deflated (written here: the test needs no zip library of its own). */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const packed = zlib.deflateRawSync(data);
  const crc = zlib.crc32(data);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, packed, central, fileName, end]);
}

/** Part `part` of a set of `parts` of the YouTube quarter report: its name and HEAD say which. */
function dsrPart(part: number, parts: number) {
  const name = YOUTUBE_QUARTER_REPORT.replace('_1of1_', `_${part}of${parts}_`);
  const content = youtubeQuarterReport().replace(
    '\t2016-01-21T15:09:26Z\t1\t1\t',
    `\t2016-01-21T15:09:26Z\t${part}\t${parts}\t`,
  );
  return { name, content };
}

describe('compressed uploads', () => {
  it('loads a gzipped DSR; the same report uploaded plain afterwards is a duplicate', async () => {
    const report = youtubeQuarterReport();
    const response = await upload(`${YOUTUBE_QUARTER_REPORT}.gz`, zlib.gzipSync(report));
    expect(response.statusCode, response.body).toBe(202);
    const file = expectShape(reportUploadSchema, response);
    expect(file).toMatchObject({ format: 'DDEX_DSR', status: 'PENDING', set: null });
    await runJob(file.id);
    expect(await fileOf(file.id)).toMatchObject({ status: 'LOADED', rows: 6, streams: 7810 });
    expect(await streamsOf(dsrTrack.trackId)).toBe(7810);

    const plain = await upload(YOUTUBE_QUARTER_REPORT, report);
    expect(plain.statusCode).toBe(200);
    expect(expectShape(reportUploadSchema, plain)).toMatchObject({ id: file.id, duplicate: true });
  });

  it('loads a zip holding one CSV report', async () => {
    const response = await upload('april.zip', zipOf('april.csv', CSV));
    expect(response.statusCode, response.body).toBe(202);
    const file = expectShape(reportUploadSchema, response);
    expect(file.format).toBe('CSV');
    await runJob(file.id);
    expect(await fileOf(file.id)).toMatchObject({ status: 'LOADED', rows: 2, matched: 1, streams: 100 });
    expect(await streamsOf(csvTrack.trackId)).toBe(100);
  });

  it('refuses a gzip file cut short (422) and records and books nothing', async () => {
    const before = await app.inject(injectOf(api.list, { query: { size: 100 } }, { session: admin }));
    const files = expectShape(reportFilePageSchema, before).totalItems;
    const streams = await streamsOf(csvTrack.trackId);
    const whole = zlib.gzipSync(CSV.replaceAll('2024-04-0', '2024-05-0'));
    const cut = whole.subarray(0, whole.length - 12);
    const error = expectError(await upload('may.csv.gz', cut), 422, 'UNPROCESSABLE');
    expect(error.message).toMatch(/gzip file is cut short or damaged/);
    const after = await app.inject(injectOf(api.list, { query: { size: 100 } }, { session: admin }));
    expect(expectShape(reportFilePageSchema, after).totalItems).toBe(files);
    expect(await streamsOf(csvTrack.trackId)).toBe(streams);
    expect(fs.readdirSync(path.join(dataDir, 'reports')).filter((name) => !name.startsWith('.'))).toEqual([]);
  });

  it('refuses a zip holding no report file', async () => {
    const error = expectError(await upload('none.zip', zipOf('folder/', '')), 422, 'UNPROCESSABLE');
    expect(error.message).toMatch(/exactly one report file; this one holds 0/);
  });
});

describe('multi-part DSR sets', () => {
  it('keeps parts arriving out of order waiting, shows the missing ones, and loads the set once complete', async () => {
    queued.length = 0;
    const streams = await streamsOf(dsrTrack.trackId);
    const third = expectShape(
      reportUploadSchema,
      await upload(`${dsrPart(3, 3).name}.gz`, zlib.gzipSync(dsrPart(3, 3).content)),
    );
    expect(third.set).toEqual({ part: 3, parts: 3, received: [3], missing: [1, 2] });
    const first = expectShape(reportUploadSchema, await upload(dsrPart(1, 3).name, dsrPart(1, 3).content));
    expect(first.set).toEqual({ part: 1, parts: 3, received: [1, 3], missing: [2] });
    expect(queued).toEqual([]);

    // Another file claiming to be part 1 while the set waits is refused.
    const other = dsrPart(1, 3);
    expectError(
      await upload(other.name, other.content.replace('PUB_1|SOC_1', 'PUB_2|SOC_2')),
      409,
      'CONFLICT',
    );

    const list = expectShape(
      reportFilePageSchema,
      await app.inject(injectOf(api.list, { query: { size: 100 } }, { session: admin })),
    );
    const waiting = list.items.filter((item) => item.set);
    expect(waiting.map((item) => [item.set!.part, item.status, item.set!.missing])).toEqual([
      [1, 'PENDING', [2]],
      [3, 'PENDING', [2]],
    ]);

    const second = expectShape(reportUploadSchema, await upload(dsrPart(2, 3).name, dsrPart(2, 3).content));
    expect(second.set).toEqual({ part: 2, parts: 3, received: [1, 2, 3], missing: [] });
    expect(queued).toEqual([second.id]);
    await runJob(second.id);
    for (const id of [first.id, second.id, third.id])
      expect(await fileOf(id)).toMatchObject({ status: 'LOADED', streams: 7810, set: { missing: [] } });
    // The set is loaded once: three parts of 7,810 streams each, and the job again changes nothing.
    expect(await streamsOf(dsrTrack.trackId)).toBe(streams + 3 * 7810);
    await runJob(third.id);
    expect(await streamsOf(dsrTrack.trackId)).toBe(streams + 3 * 7810);
  });

  it('loads a set all or nothing: a part cut short fails every part; its fixed upload loads the set', async () => {
    queued.length = 0;
    const streams = await streamsOf(dsrTrack.trackId);
    const one = dsrPart(1, 2);
    const two = dsrPart(2, 2);
    // Part 2 ends without its FOOT record: cut short. The upload takes it (a DSR is checked whole by its load).
    const cut = two.content.slice(0, two.content.lastIndexOf('\n', two.content.length - 2) + 1);
    expect(cut).not.toBe(two.content);
    const first = expectShape(reportUploadSchema, await upload(`${one.name}.gz`, zlib.gzipSync(one.content)));
    const broken = expectShape(reportUploadSchema, await upload(two.name, cut));
    expect(queued).toEqual([broken.id]);
    await runJob(broken.id);
    for (const id of [first.id, broken.id])
      expect(await fileOf(id)).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/FOOT/) });
    expect(await streamsOf(dsrTrack.trackId)).toBe(streams);

    const fixed = expectShape(reportUploadSchema, await upload(two.name, two.content));
    expect(fixed.set).toMatchObject({ part: 2, missing: [] });
    expect(queued).toEqual([broken.id, fixed.id]);
    await runJob(fixed.id);
    expect(await fileOf(first.id)).toMatchObject({ status: 'LOADED', streams: 7810 });
    expect(await fileOf(fixed.id)).toMatchObject({ status: 'LOADED', streams: 7810 });
    // The cut copy left the set and stays FAILED on its own.
    expect(await fileOf(broken.id)).toMatchObject({ status: 'FAILED', set: null });
    expect(await streamsOf(dsrTrack.trackId)).toBe(streams + 2 * 7810);
  });
});

// The application with STORAGE_DRIVER=s3 against a real S3-compatible server (s3rver): the kinds of file the
// two-process test does not upload — ID documents and platform reports — go to the bucket, nothing to the data
// folder, and their readers (the verification provider, the report ingest job) read them back from it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { endpoints, type Session, urlOf } from '@tunehouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportFiles, createSqlCatalogue, processReportJob } from '../../domains/reports/index.js';
import { bearer, createUser, login, multipart } from '../../testing/fixtures.js';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createMediaStorage, type MediaStorage } from './index.js';

let s3: TestS3Server;
let t: TestApp;
let storage: MediaStorage;
let dataDir: string;

beforeAll(async () => {
  s3 = await startTestS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-app-on-s3-'));
  const settings = { dataDir, storage: { driver: 's3' as const, s3: { ...s3.settings, prefix: 'app' } } };
  t = await createTestApp(settings);
  storage = createMediaStorage(settings);
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (session: Session, url: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...body.headers },
    payload: body.payload,
  });
};

describe('the application on an S3-compatible bucket', () => {
  it('keeps an ID document in the bucket, where the provider reads it', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const png = await sharp(randomBytes(640 * 400 * 3), { raw: { width: 640, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    const fields = {
      legalName: 'Adaeze Nwosu',
      dateOfBirth: '1990-04-17',
      addressLine: 'Rruga Agim Ramadani 15',
      city: 'Prishtina',
      postalCode: '10000',
      country: 'XK',
    };
    const response = await post(session, urlOf(endpoints.verifications.submit), [
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      { name: 'document', filename: 'id-card.png', type: 'image/png', data: png },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const keys = await storage.list('verifications');
    expect(keys).toEqual([
      expect.stringMatching(new RegExp(`^verifications/${user.account.id}/[0-9a-f-]{36}\\.png$`)),
    ]);
    expect(fs.existsSync(path.join(dataDir, 'verifications'))).toBe(false);
    const { rows } = await t.db.query(
      'SELECT document_file FROM identity_verifications WHERE account_id = $1',
      [user.account.id],
    );
    const stored = await storage.get(`verifications/${rows[0].document_file}`);
    expect(await buffer(stored!.body)).toEqual(png);
  });

  it('keeps a report upload in the bucket until its ingest job has loaded it', async () => {
    const admin = await login(t.app, (await createUser(t.db, { isAdmin: true })).email);
    const csv = 'date,platform,territory,isrc,upc,streams,sub30\n2024-04-01,SPOTIFY,SE,SEABC2400001,,100,4\n';
    const response = await post(admin, urlOf(endpoints.reports.upload), [
      { name: 'file', filename: 'april.csv', type: 'text/csv', data: csv },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json() as { id: string };
    expect(await storage.list('reports')).toEqual([`reports/${id}`]);
    expect(fs.readdirSync(path.join(dataDir, 'scratch', 'reports'))).toEqual([]);

    await processReportJob(
      t.db,
      { fileId: id },
      { catalogue: createSqlCatalogue(t.db), files: createReportFiles(storage) },
    );
    const { rows } = await t.db.query('SELECT status, stored_file FROM report_files WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ status: 'LOADED', stored_file: null });
    expect(await storage.list('reports')).toEqual([]);
  });
});

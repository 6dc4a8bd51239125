// The backup round trip (issue 29): the demo data, backed up while payouts are requested and an audio file uploads,
// restored into an empty data folder with its own embedded PostgreSQL, served by the API started on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '@tunehouse/contracts';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db } from '../../platform/db.js';
import { startEmbeddedPostgres } from '../../platform/embedded-postgres.js';
import { EMBEDDED_DATABASE } from '../../platform/database.js';
import { readMigrations } from '../../platform/migrations.js';
import { createLocalStorage, createMediaStorage } from '../../platform/storage/index.js';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.js';
import { DEMO_CATALOGUE_OWNER } from '../../seed/demo-artists.js';
import { seedDemo } from '../../seed/seed.js';
import { startApiProcess } from '../../testing/api-process.js';
import { login } from '../../testing/fixtures.js';
import { freePort } from '../../testing/global-setup.js';
import { releaseClient, wav } from '../../testing/release-fixtures.js';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app.js';
import { walletBalance } from '../ledger/index.js';
import { lastBackup, restoreBackup, STORAGE_PREFIXES, takeBackup, verifyBackup } from './index.js';

const PG_BOSS_CRON_QUEUE = '__pgboss__send-it';

let t: TestApp;
let scratch = '';
/** Restore targets: each straight under the system's temporary folder, which PostgreSQL's own user can walk into. */
const targets: string[] = [];
function newTarget(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tunehouse-restore-${name}-`));
  targets.push(dir);
  return dir;
}
beforeAll(async () => {
  t = await createTestApp({}, undefined, { ownDataDir: 'backup-source' });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-backup-test-'));
  // Enough days for closed months, Mara's settled payout and its invoice (as seed.test.ts).
  await seedDemo(t.db, { trendsDays: 140, dataDir: t.config.dataDir });
  // A cron tick of pg-boss's own scheduler, as a running API has them: its internal queue is not made again on
  // restore (the restore runs no scheduler), so the backup must leave such jobs out.
  const boss = new PgBoss({ connectionString: t.url, migrate: false, supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue(PG_BOSS_CRON_QUEUE);
  await boss.send(PG_BOSS_CRON_QUEUE, { name: 'cleanup', data: {} });
  await boss.stop({ graceful: false, wait: true });
  // A generated secret of the data folder, which the restored installation must keep.
  fs.mkdirSync(path.join(t.config.dataDir, 'secrets'), { recursive: true });
  fs.writeFileSync(path.join(t.config.dataDir, 'secrets', 'jwt-secret'), `${'s'.repeat(64)}\n`);
}, 300_000);
afterAll(async () => {
  await t?.close();
  for (const dir of [scratch, ...targets]) fs.rmSync(dir, { recursive: true, force: true });
});

/** Rows per table and ledger sums, read from a database. */
async function ledgerByAccount(db: Pick<Db, 'query'>, transferIds?: string[]) {
  const { rows } = await db.query<{ account_key: string; amount: string }>(
    `SELECT account_key, sum(amount)::text AS amount FROM ledger_entries
      WHERE $1::uuid[] IS NULL OR transfer_id = ANY ($1::uuid[]) GROUP BY account_key ORDER BY account_key`,
    [transferIds ?? null],
  );
  return Object.fromEntries(rows.map((row) => [row.account_key, row.amount]));
}

/** A target that holds nothing: no folder entries at all. */
const isEmptyFolder = (dir: string) => fs.readdirSync(dir).length === 0;

describe('npm run backup and npm run restore', () => {
  it('restores what was backed up while payouts were requested and audio uploaded, and the API serves it', async () => {
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const accountId = session.user.account.id;
    const { rows: methods } = await t.db.query<{ id: string }>(
      'SELECT id FROM payment_methods WHERE account_id = $1',
      [accountId],
    );
    const { rows: tracks } = await t.db.query<{ track_id: string; album_id: string }>(
      `SELECT t.id AS track_id, t.album_id FROM tracks t JOIN albums a ON a.id = t.album_id
        WHERE a.account_id = $1 AND t.audio_id IS NULL ORDER BY t.id LIMIT 1`,
      [accountId],
    );
    expect(tracks, 'the demo has a track without audio to upload to').toHaveLength(1);
    const before = await lastBackup(t.db);
    const out = path.join(scratch, 'backup');

    // The backup and the money requests and the upload all at once: the snapshot sees each whole or not at all.
    const payouts = Array.from({ length: 4 }, (_, index) =>
      t.app.inject({
        method: 'POST',
        url: endpoints.payouts.request.path,
        headers: {
          authorization: `Bearer ${session.token.accessToken}`,
          'idempotency-key': `backup-round-trip-${index}`,
        },
        payload: { amount: 1_000, paymentMethodId: methods[0]!.id },
      }),
    );
    const upload = releaseClient(t.app).audio(
      session,
      tracks[0]!.album_id,
      tracks[0]!.track_id,
      wav({ seconds: 3 }),
    );
    const storage = createMediaStorage(t.config);
    const [run, , answers] = await Promise.all([
      takeBackup({ db: t.db, storage, dataDir: t.config.dataDir, out }),
      upload,
      Promise.all(payouts),
    ]);
    // Each is paid or refused for want of funds, whole: none half-booked.
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThan(0);

    // Recorded once complete; the manifest verifies.
    expect(before).toBeNull();
    expect(await lastBackup(t.db)).toMatchObject({ id: run.id, location: out, bytes: run.bytes });
    const manifest = (await verifyBackup(out)) as Awaited<ReturnType<typeof verifyBackup>> & {
      schemaVersion: string;
      tables: Record<string, { rows: number }>;
    };
    // The schema of the latest migration in the repository, as NNNN.
    const latest = Math.max(...readMigrations().map((migration) => migration.version));
    expect(manifest.schemaVersion).toBe(String(latest).padStart(4, '0'));
    expect(Object.keys(manifest.tables)).toEqual(
      expect.arrayContaining([
        'public.accounts',
        'public.ledger_entries',
        'public.audio_files',
        'pgboss.job',
      ]),
    );

    // Restore into an empty data folder, with its own embedded PostgreSQL.
    const target = newTarget('target');
    const pgPort = await freePort();
    const config = { ...testConfig({ dataDir: target, embeddedPgPort: pgPort }), databaseUrl: undefined };
    await restoreBackup(out, config);
    expect(fs.readFileSync(path.join(target, 'secrets', 'jwt-secret'), 'utf8')).toBe(`${'s'.repeat(64)}\n`);

    // A second restore over it is refused: the target is no longer empty.
    await expect(restoreBackup(out, config)).rejects.toThrow('The target is not empty');

    const server = await startEmbeddedPostgres({
      dir: path.join(target, 'pg'),
      port: pgPort,
      secretsDir: target,
    });
    const restored = createPool(server.urlFor(EMBEDDED_DATABASE), 2);
    try {
      // Every table's row count is the manifest's.
      for (const [name, entry] of Object.entries(manifest.tables)) {
        const [schema, table] = name.split('.');
        const { rows } = await restored.query<{ count: string }>(`SELECT count(*) FROM ${schema}.${table}`);
        expect(Number(rows[0]!.count), name).toBe(entry.rows);
      }
      // The ledger sums to zero, and each account's balance is the source's over the same transfers.
      const { rows: sum } = await restored.query<{ total: string }>(
        'SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries',
      );
      expect(sum[0]!.total).toBe('0');
      const { rows: transfers } = await restored.query<{ id: string }>('SELECT id FROM ledger_transfers');
      expect(await ledgerByAccount(restored)).toEqual(
        await ledgerByAccount(
          t.db,
          transfers.map((row) => row.id),
        ),
      );
      // Each wallet: its balance then is the source's now plus the payouts requested after the snapshot.
      const { rows: restoredPayouts } = await restored.query<{ id: string }>('SELECT id FROM payouts');
      const { rows: laterPayouts } = await t.db.query<{ account_id: string; amount: string }>(
        'SELECT account_id, amount FROM payouts WHERE NOT (id = ANY ($1::uuid[]))',
        [restoredPayouts.map((row) => row.id)],
      );
      const { rows: accounts } = await t.db.query<{ id: string }>('SELECT id FROM accounts');
      for (const { id } of accounts) {
        const later = laterPayouts
          .filter((payout) => payout.account_id === id)
          .reduce((total, payout) => total + BigInt(payout.amount), 0n);
        expect(BigInt(await walletBalance(restored, id)), id).toBe(
          BigInt(await walletBalance(t.db, id)) + later,
        );
      }
      // Every media row has its files, byte-identical to the source's.
      const restoredStorage = createLocalStorage(target);
      const { rows: audio } = await restored.query<{ id: string }>('SELECT id FROM audio_files');
      const { rows: images } = await restored.query<{ id: string }>('SELECT id FROM images');
      expect(audio.length).toBeGreaterThan(0);
      for (const prefix of [
        ...audio.map((row) => `media/audio/${row.id}`),
        ...images.map((row) => `media/images/${row.id}`),
      ])
        expect(await restoredStorage.list(prefix), prefix).not.toEqual([]);
      for (const prefix of STORAGE_PREFIXES)
        for (const key of await restoredStorage.list(prefix))
          expect(
            fs
              .readFileSync(path.join(target, ...key.split('/')))
              .equals(fs.readFileSync(path.join(t.config.dataDir, ...key.split('/')))),
            key,
          ).toBe(true);
    } finally {
      await restored.end();
      await server.stop();
    }

    // The API starts on the restored folder; Mara signs in and downloads her invoice.
    const api = await startApiProcess({
      DATA_DIR: target,
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: '',
    });
    try {
      const signIn = await fetch(`${api.url}${endpoints.sessions.login.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_CATALOGUE_OWNER, password: DEMO_PASSWORD }),
      });
      expect(signIn.status, api.output()).toBe(201);
      const { token } = (await signIn.json()) as { token: { accessToken: string } };
      const authorization = `Bearer ${token.accessToken}`;
      const page = (await (await fetch(`${api.url}/v2/payouts`, { headers: { authorization } })).json()) as {
        items: { status: string; invoiceId: string | null }[];
      };
      const settled = page.items.find((item) => item.status === 'SETTLED' && item.invoiceId);
      expect(settled).toBeDefined();
      const pdf = await fetch(`${api.url}/v1/wallet/invoices/${settled!.invoiceId}/pdf`, {
        headers: { authorization },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      await api.stop();
    }
  }, 300_000);

  it('refuses a corrupted backup and writes nothing', async () => {
    const out = path.join(scratch, 'corrupted');
    await takeBackup({ db: t.db, storage: createMediaStorage(t.config), dataDir: t.config.dataDir, out });
    const [audioKey] = await createMediaStorage(t.config).list('media/audio');
    const file = path.join(out, 'storage', ...audioKey!.split('/'));
    const bytes = fs.readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(file, bytes);
    const target = newTarget('untouched');
    const config = {
      ...testConfig({ dataDir: target, embeddedPgPort: await freePort() }),
      databaseUrl: undefined,
    };
    await expect(restoreBackup(out, config)).rejects.toThrow(
      `storage/${audioKey} does not match its checksum`,
    );
    expect(isEmptyFolder(target)).toBe(true);
  }, 120_000);

  it('refuses a target database that already has tables, before writing anything', async () => {
    const out = path.join(scratch, 'whole');
    await takeBackup({ db: t.db, storage: createMediaStorage(t.config), dataDir: t.config.dataDir, out });
    const target = newTarget('busy');
    // The source's own database: anything but empty.
    const config = testConfig({ dataDir: target, databaseUrl: t.url });
    await expect(restoreBackup(out, config)).rejects.toThrow('the database already has tables');
    expect(isEmptyFolder(target)).toBe(true);
  }, 120_000);
});

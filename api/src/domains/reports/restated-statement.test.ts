import { endpoints, reportFilePageSchema, type Session, walletStatementSchema } from '@tunehouse/contracts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createClosingPeriods } from '../../composition.js';
import { createInMemoryCatalogue } from './catalogue.js';
import { loadReportFile } from './loader.js';

/** docs/decisions/0079-restated-months.md: what the artist reads of a restated month. */
let t: TestApp;
let mara: Session;
let admin: Session;
let novemberId: string;
let dir: string;
const [trackA, trackB, album] = [randomUUID(), randomUUID(), randomUUID()];

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db);
  mara = await login(t.app, user.email);
  admin = await login(t.app, (await createUser(t.db, { isAdmin: true })).email);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-restated-statement-'));
  const catalogue = createInMemoryCatalogue([
    { trackId: trackA, albumId: album, accountId: user.account.id, isrc: 'SERST2610001' },
    { trackId: trackB, albumId: album, accountId: user.account.id, isrc: 'SERST2610002' },
  ]);
  const load = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, ['date,platform,territory,isrc,streams,revenue', ...lines].join('\n'));
    return loadReportFile(t.db, file, { catalogue });
  };
  const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
  const periodOf = async (month: string) =>
    (await t.db.query<{ id: string }>('SELECT id FROM periods WHERE month = $1', [month])).rows[0]!.id;
  await load('october.csv', [
    '2026-10,SPOTIFY,SE,SERST2610001,1000,10',
    '2026-10,SPOTIFY,SE,SERST2610002,500,5',
  ]);
  expect(await periods.closeNow(await periodOf('2026-10-01'))).toBe('CLOSED');
  // November's own revenue, and Spotify's October again: track A +€3 and 200 streams, track B −€2.
  await load('november.csv', ['2026-11,SPOTIFY,SE,SERST2610001,800,8']);
  await load('october-restated.csv', [
    '2026-10,SPOTIFY,SE,SERST2610001,1200,13',
    '2026-10,SPOTIFY,SE,SERST2610002,500,3',
  ]);
  novemberId = await periodOf('2026-11-01');
  expect(await periods.closeNow(novemberId)).toBe('CLOSED');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a statement with a restated month', () => {
  it('shows the adjustments as rows naming the original month, summed into the totals', async () => {
    const statement = expectShape(
      walletStatementSchema,
      await t.app.inject(
        injectOf(
          endpoints.wallet.statement,
          { params: { id: novemberId }, query: { bucket: 'track' } },
          { session: mara },
        ),
      ),
    );
    expect(
      statement.rows.map(({ key, adjusts, correction, streams, revenue }) => ({
        key,
        adjusts,
        correction,
        streams,
        revenue,
      })),
    ).toEqual([
      { key: trackA, adjusts: null, correction: false, streams: 800, revenue: 8_000_000 },
      { key: trackA, adjusts: '2026-10', correction: false, streams: 200, revenue: 3_000_000 },
      { key: trackB, adjusts: '2026-10', correction: true, streams: 0, revenue: -2_000_000 },
    ]);
    for (const field of ['streams', 'revenue', 'feeCollected', 'commission', 'credited'] as const)
      expect(statement.rows.reduce((sum, row) => sum + row[field], 0)).toBe(statement.totals[field]);
    expect(statement.corrections.revenue).toBe(-2_000_000);

    const csv = await t.app.inject(
      injectOf(
        endpoints.wallet.statementExport,
        { params: { id: novemberId }, query: { bucket: 'track', format: 'csv' } },
        { session: mara },
      ),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.match(/Adjustment for October 2026: [^,]+/g)).toHaveLength(2);
  });

  it('tells the admins which report files restated a closed month', async () => {
    const files = expectShape(
      reportFilePageSchema,
      await t.app.inject(injectOf(endpoints.reports.list, { query: { size: 10 } }, { session: admin })),
    );
    expect(files.items.map((file) => [file.name, file.restatedMonths])).toEqual([
      ['october-restated.csv', ['2026-10']],
      ['november.csv', []],
      ['october.csv', []],
    ]);
  });
});

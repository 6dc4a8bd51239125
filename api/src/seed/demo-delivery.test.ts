// The demo's releases delivered as main.ts seeds them: through the DDEX delivery port, whose built-in platform
// simulators answer, so their platforms go LIVE and their store links exist (docs/decisions/0035-ddex-delivery.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDdexDeliveryPort } from '../domains/releases/index.js';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app.js';
import { DEMO_RELEASED } from './demo-catalogue.js';
import { seedDemo } from './seed.js';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-demo-delivery-'));
  t = await createTestApp(
    { dataDir, delivery: { ...testConfig().delivery, simulatorAckSeconds: 1, ackCheckSeconds: 1 } },
    undefined,
    { delivery: 'ddex' },
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo releases’ delivery', () => {
  it('goes through the simulators: a release LIVE on each of its platforms, with a store link per platform', async () => {
    const delivery = createDdexDeliveryPort({ storage: dataDir, delivery: t.delivery! });
    const created = await seedDemo(t.db, { trendsDays: 0, dataDir, delivery });
    expect(created['demo deliveries']).toBe(DEMO_RELEASED.length);
    const pending = await t.db.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM album_platforms p JOIN albums al ON al.id = p.album_id
        WHERE al.barcode = ANY($1) AND p.pending_status = 'PENDING' AND p.pending_action = 'DELIVER'`,
      [DEMO_RELEASED.map((release) => release.barcode)],
    );
    expect(pending.rows[0]!.pending).toBe(
      DEMO_RELEASED.reduce((sum, release) => sum + (release.form.platforms?.length ?? 0), 0),
    );
    await t.delivery!.work();
    // The simulators answer every delivery; the first release to be answered everywhere shows the whole path.
    const first = DEMO_RELEASED[0]!;
    const deadline = Date.now() + 100_000;
    let album: { review_status: string; live: number; links: number } | undefined;
    while (Date.now() < deadline) {
      const { rows } = await t.db.query<{ review_status: string; live: number; links: number }>(
        `SELECT al.review_status,
                (SELECT count(*)::int FROM album_platforms p WHERE p.album_id = al.id
                   AND p.current_status = 'LIVE' AND p.pending_status IS NULL) AS live,
                (SELECT count(*)::int FROM album_links l WHERE l.album_id = al.id) AS links
           FROM albums al WHERE al.barcode = $1`,
        [first.barcode],
      );
      album = rows[0];
      if (album?.review_status === 'LIVE' && album.links === first.form.platforms?.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const platforms = first.form.platforms?.length ?? 0;
    expect(album).toEqual({ review_status: 'LIVE', live: platforms, links: platforms });
  }, 150_000);
});

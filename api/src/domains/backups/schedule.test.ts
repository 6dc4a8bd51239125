import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from '../../platform/storage/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { lastBackup } from './runs.js';
import { backupScheduleFromEnv, pruneBackups, runScheduledBackup, scheduleBackups } from './schedule.js';

let t: TestApp;
let dir = '';
beforeAll(async () => {
  t = await createTestApp({}, undefined, { ownDataDir: 'backup-schedule' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-backups-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder named as a backup, complete (with a manifest) or not. */
function folder(name: string, complete = true) {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  if (complete) fs.writeFileSync(path.join(dir, name, 'manifest.json'), '{}');
}

describe('scheduled backups', () => {
  it('are off unless BACKUP_SCHEDULE_CRON is set, and refuse invalid settings naming them', () => {
    expect(backupScheduleFromEnv({}, '/srv/backups')).toBeNull();
    expect(backupScheduleFromEnv({ BACKUP_SCHEDULE_CRON: '', BACKUP_KEEP: '3' }, '/srv/backups')).toBeNull();
    expect(backupScheduleFromEnv({ BACKUP_SCHEDULE_CRON: '15 3 * * *' }, '/srv/backups')).toEqual({
      cron: '15 3 * * *',
      dir: '/srv/backups',
      keep: 7,
    });
    expect(() => backupScheduleFromEnv({ BACKUP_SCHEDULE_CRON: 'daily' }, '/srv')).toThrow(
      'BACKUP_SCHEDULE_CRON: a cron expression of five fields',
    );
    expect(() =>
      backupScheduleFromEnv({ BACKUP_SCHEDULE_CRON: '0 3 * * *', BACKUP_KEEP: '0' }, '/srv'),
    ).toThrow('BACKUP_KEEP');
  });

  it('keep the newest complete backups and touch nothing else in the folder', () => {
    const prune = fs.mkdtempSync(path.join(dir, 'prune-'));
    const at = (name: string) => path.join(prune, name);
    for (const name of [
      'tunehouse-20261101T031500Z',
      'tunehouse-20261102T031500Z',
      'tunehouse-20261103T031500Z',
    ])
      folder(path.relative(dir, at(name)));
    folder(path.relative(dir, at('tunehouse-20261001T031500Z')), false);
    folder(path.relative(dir, at('tunehouse-20261104T031500Z.partial')), false);
    folder(path.relative(dir, at('keep-me')));
    expect(pruneBackups(prune, 2)).toEqual([at('tunehouse-20261101T031500Z')]);
    expect(fs.readdirSync(prune).sort()).toEqual([
      'keep-me',
      'tunehouse-20261001T031500Z',
      'tunehouse-20261102T031500Z',
      'tunehouse-20261103T031500Z',
      'tunehouse-20261104T031500Z.partial',
    ]);
  });

  it('take a backup per run into BACKUP_DIR and keep BACKUP_KEEP of them', async () => {
    const deps = { db: t.db, storage: createMediaStorage(t.config), dataDir: t.config.dataDir };
    const schedule = { cron: '0 3 * * *', dir: path.join(dir, 'runs'), keep: 1 };
    const first = await runScheduledBackup(deps, schedule);
    // Folder names are to the second: the next run is a second later (a schedule runs at most once a minute).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await runScheduledBackup(deps, schedule);
    expect(second.removed).toEqual([first.location]);
    expect(fs.readdirSync(schedule.dir)).toEqual([path.basename(second.location)]);
    expect(await lastBackup(t.db)).toMatchObject({ id: second.id, location: second.location });
  });

  it('are scheduled in pg-boss when set, and unscheduled when the setting is removed', async () => {
    const deps = { db: t.db, storage: createMediaStorage(t.config), dataDir: t.config.dataDir };
    const schedules = async () =>
      (await t.db.query<{ name: string; cron: string }>('SELECT name, cron FROM pgboss.schedule')).rows;
    await scheduleBackups(t.jobs, { cron: '15 3 * * *', dir, keep: 7 }, deps);
    expect(await schedules()).toEqual([{ name: 'backup', cron: '15 3 * * *' }]);
    await scheduleBackups(t.jobs, null, deps);
    expect(await schedules()).toEqual([]);
  });
});

// `npm run backup [-- --out <dir>]` and `npm run restore -- <backup>` (docs/decisions/0084-backup-and-restore.md).
// The database is DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: the running API's server is used when
// it runs, else it is started for the command and stopped after. Media: STORAGE_DRIVER's storage, local or S3.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, REPO_ROOT } from '../../platform/config.js';
import { provideDatabase } from '../../platform/database.js';
import { createPool } from '../../platform/db.js';
import { createMediaStorage } from '../../platform/storage/index.js';
import { restoreBackup } from './restore.js';
import { backupFolderName } from './schedule.js';
import { takeBackup } from './take-backup.js';

const HELP = `Usage:
  npm run backup [-- --out <folder>]
      Every table from one snapshot, every stored object, the data folder's secrets and manifest.json, into a new
      folder (default: BACKUP_DIR, else ./backups, as tunehouse-<UTC time>). Safe while the API runs.
  npm run restore -- <folder>
      Checks every part's checksum, refuses a target that holds data, then rebuilds the database (DATABASE_URL, or
      the embedded one under DATA_DIR), the media storage and the secrets. Then npm start serves the backup.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const [command, ...rest] = positionals;
if (values.help || (command !== 'backup' && command !== 'restore')) {
  console.log(HELP);
  process.exit(values.help ? 0 : 2);
}

// npm runs scripts from the project root; folders are named relative to where the command was typed.
const cwd = process.env.INIT_CWD ?? process.cwd();
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

try {
  if (command === 'backup') await backup();
  else await restore();
  process.exit(0);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Failed: ${(error as Error).message}`);
  process.exit(1);
}

async function backup() {
  if (rest.length) throw new Error(`Unexpected arguments: ${rest.join(' ')} (use --out <folder>)`);
  const config = loadConfig();
  const out = values.out
    ? path.resolve(cwd, values.out)
    : path.join(
        path.resolve(cwd, process.env.BACKUP_DIR ?? path.join(REPO_ROOT, 'backups')),
        backupFolderName(new Date()),
      );
  const database = await provideDatabase(config, (message) => console.error(message));
  const db = createPool(database.url, 2);
  try {
    const run = await takeBackup({ db, storage: createMediaStorage(config), dataDir: config.dataDir, out });
    console.log(
      `Backup written to ${run.location} in ${seconds()}: schema ${run.schemaVersion}, ${run.tables} tables, ` +
        `${run.rows.toLocaleString('en-US')} rows, ${run.objects} stored objects, ${mib(run.bytes)}.`,
    );
  } finally {
    await db.end();
    await database.stop();
  }
}

async function restore() {
  if (rest.length !== 1) throw new Error('Name one backup folder: npm run restore -- <folder>');
  // The restore writes the backup's secrets: the configuration must not create new ones in the data folder first.
  const placeholder = 'not-used-by-the-restore-'.padEnd(40, 'x');
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: placeholder,
    BOT_CHECK_HMAC_KEY: placeholder,
    PAYMENT_SIMULATOR_WEBHOOK_SECRET: placeholder,
  });
  const dir = path.resolve(cwd, rest[0]!);
  const result = await restoreBackup(dir, config, (message) => console.error(message));
  console.log(
    `Restored ${dir} in ${seconds()}: schema ${result.schemaVersion}, ${result.tables} tables, ` +
      `${result.rows.toLocaleString('en-US')} rows, ${result.objects} stored objects. Start it with npm start.`,
  );
}

import type { Db } from '../platform/db.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedDemoArtists, seedDemoContributors } from './demo-artists.js';
import { seedDemoRelease } from './demo-releases.js';

/**
 * The demo seed, in dependency order. Other domains add their own step here (a catalogue needs its users).
 * Each step is idempotent: it creates only what is missing.
 */
const STEPS: { name: string; run: (db: Db) => Promise<number> }[] = [
  { name: 'demo accounts', run: seedDemoAccounts },
  { name: 'demo artists', run: seedDemoArtists },
  { name: 'demo contributors', run: seedDemoContributors },
  { name: 'demo releases', run: seedDemoRelease },
];

export async function seedDemo(db: Db): Promise<Record<string, number>> {
  const created: Record<string, number> = {};
  for (const step of STEPS) created[step.name] = await step.run(db);
  return created;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM users) AS empty');
  return rows[0]?.empty ?? true;
}

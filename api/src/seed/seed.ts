import { type AppConfig, defaultMoneySettings } from '../platform/config.js';
import type { Db } from '../platform/db.js';
import type { DeliveryPort } from '../domains/releases/index.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedDemoArtists, seedDemoContributors } from './demo-artists.js';
import { seedDemoAudio } from './demo-audio.js';
import { seedDemoDeliveries, seedDemoReleased, seedDemoStreams } from './demo-catalogue.js';
import { seedDemoArtwork } from './demo-artwork.js';
import { seedDemoMoney } from './demo-money.js';
import type { MediaStorage } from '../platform/storage/index.js';
import { seedDemoPayouts } from './demo-payouts.js';
import { seedDemoRelease } from './demo-releases.js';
import { seedDemoSplits } from './demo-splits.js';

export type SeedOptions = {
  /** Days of demo streams up to yesterday (DEMO_TRENDS_DAYS, default 365; 0: none). */
  trendsDays?: number;
  /**
   * Where media files live (the media storage, or a data folder for the local storage on it): the demo covers and
   * audio are stored there. Without it, none are made.
   */
  dataDir?: MediaStorage | string | null;
  /** The plans and platform currency (default: the settings' defaults). */
  settings?: Pick<AppConfig, 'plans' | 'platformCurrency'>;
  /**
   * Where the demo releases are delivered (the API's DDEX port, whose simulators answer); without one they are
   * marked LIVE at once.
   */
  delivery?: DeliveryPort | null;
};

/**
 * The demo seed, in dependency order. Other domains add their own step here (a catalogue needs its users).
 * Each step is idempotent: it creates only what is missing.
 */
const STEPS: { name: string; run: (db: Db, options: Required<SeedOptions>) => Promise<number> }[] = [
  { name: 'demo accounts', run: seedDemoAccounts },
  { name: 'demo artists', run: seedDemoArtists },
  { name: 'demo contributors', run: seedDemoContributors },
  // After the draft EP: that step adds its EP only to an account without albums; this one finds its by barcode.
  { name: 'demo releases', run: seedDemoRelease },
  { name: 'demo released catalogue', run: (db, options) => seedDemoReleased(db, options.settings.plans) },
  {
    name: 'demo artwork',
    run: (db, options) => (options.dataDir ? seedDemoArtwork(db, options.dataDir) : Promise.resolve(0)),
  },
  {
    name: 'demo audio',
    run: (db, options) => (options.dataDir ? seedDemoAudio(db, options.dataDir) : Promise.resolve(0)),
  },
  // Delivery reads the artwork and audio: after them.
  { name: 'demo deliveries', run: (db, options) => seedDemoDeliveries(db, options.delivery) },
  {
    name: 'demo streams',
    run: (db, options) => seedDemoStreams(db, options.trendsDays, options.settings.platformCurrency),
  },
  // Before the periods close, so that the closes divide the split releases' royalties.
  { name: 'demo splits', run: (db) => seedDemoSplits(db) },
  { name: 'demo closed periods', run: (db, options) => seedDemoMoney(db, options.settings) },
  // Pays out of the wallet the closes filled.
  { name: 'demo payouts', run: (db, options) => seedDemoPayouts(db, options.settings) },
];

export async function seedDemo(
  db: Db,
  { trendsDays = 365, dataDir = null, settings = defaultMoneySettings(), delivery = null }: SeedOptions = {},
): Promise<Record<string, number>> {
  const created: Record<string, number> = {};
  for (const step of STEPS)
    created[step.name] = await step.run(db, { trendsDays, dataDir, settings, delivery });
  return created;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM users) AS empty');
  return rows[0]?.empty ?? true;
}

// `npm run seed`: migrate and create whatever demo data is missing, in the embedded database (started for the
// purpose, or the running API's) or in DATABASE_URL.
import { loadConfig } from './platform/config.js';
import { provideDatabase } from './platform/database.js';
import { createPool } from './platform/db.js';
import { migrate } from './platform/migrations.js';
import { createMediaStorage } from './platform/storage/index.js';
import { demoLoginsText } from './seed/demo-accounts.js';
import { seedDemo } from './seed/seed.js';

const config = loadConfig();
const database = await provideDatabase(config, (message) => console.log(message));
const db = createPool(database.url, 2);
try {
  const applied = await migrate(db);
  if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
  const created = await seedDemo(db, {
    trendsDays: config.demoTrendsDays,
    dataDir: createMediaStorage(config),
    settings: config,
  });
  for (const [step, count] of Object.entries(created)) console.log(`Seeded ${step}: ${count} created`);
  console.log(`\n${demoLoginsText()}\n`);
} finally {
  await db.end();
  await database.stop();
}

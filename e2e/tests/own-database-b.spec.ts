import { ownDatabaseJourney } from '../fixtures/own-database-check.js';

// With tests/own-database-a.spec.ts: two `database: 'own'` files on one worker get a database each.
ownDatabaseJourney('B', 'A');

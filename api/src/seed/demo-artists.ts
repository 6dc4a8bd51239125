import {
  type CreateContributorRequest,
  createArtistBodySchema,
  createContributorRequestSchema,
  type CreateArtistBody,
} from '@tunehouse/contracts';
import { type Db, withTransaction } from '../platform/db.js';
import { insertArtist, replaceProfiles } from '../domains/artists/index.js';
import { insertContributor } from '../domains/contributors/index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

/** The demo catalogue belongs to the first demo artist account (Mara). */
export const DEMO_CATALOGUE_OWNER = DEMO_ACCOUNTS[0]!.email;

/**
 * Fictional artists. Their Spotify links have the real form (checked by the same rules as the API) but made-up
 * ids that lead to no page: demo data, never a real artist's profile.
 */
export const DEMO_ARTISTS: CreateArtistBody[] = [
  {
    name: 'Mara Lindqvist',
    profiles: [
      {
        platform: 'SPOTIFY',
        name: 'Mara Lindqvist',
        url: 'https://open.spotify.com/artist/0DemoMaraLindqvist0001',
      },
    ],
  },
  {
    name: 'Nova Lane',
    profiles: [
      {
        platform: 'SPOTIFY',
        name: 'Nova Lane',
        url: 'https://open.spotify.com/artist/0DemoNovaLane000000002',
      },
    ],
  },
  {
    name: 'The Öresund Echoes',
    profiles: [
      { platform: 'SPOTIFY', name: 'The Öresund Echoes', url: 'spotify:artist:0DemoOresundEchoes0003' },
    ],
  },
];

export const DEMO_CONTRIBUTORS: CreateContributorRequest[] = [
  { name: 'Mara Lindqvist', role: 'MUSIC_LYRICS', publisher: 'Harbour Lane Publishing' },
  { name: 'Jonas Ek', role: 'PRODUCER' },
  { name: 'Lea Santos', role: 'MASTERING' },
];

async function ownerAccount(db: Db): Promise<string | null> {
  const { rows } = await db.query<{ account_id: string }>('SELECT account_id FROM users WHERE email = $1', [
    DEMO_CATALOGUE_OWNER,
  ]);
  return rows[0]?.account_id ?? null;
}

/** Mara's artists with their Spotify profiles, when her account has none yet; answers how many it created. */
export async function seedDemoArtists(db: Db): Promise<number> {
  const accountId = await ownerAccount(db);
  if (!accountId) return 0;
  return withTransaction(db, async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM artists WHERE account_id = $1 LIMIT 1', [accountId]);
    if (rows.length > 0) return 0;
    for (const artist of DEMO_ARTISTS) {
      const { name, profiles } = createArtistBodySchema.parse(artist);
      const id = await insertArtist(tx, accountId, name);
      await replaceProfiles(tx, id, profiles ?? []);
    }
    return DEMO_ARTISTS.length;
  });
}

/** Mara's contributors, when her account has none yet. */
export async function seedDemoContributors(db: Db): Promise<number> {
  const accountId = await ownerAccount(db);
  if (!accountId) return 0;
  return withTransaction(db, async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM contributors WHERE account_id = $1 LIMIT 1', [accountId]);
    if (rows.length > 0) return 0;
    for (const contributor of DEMO_CONTRIBUTORS)
      await insertContributor(tx, accountId, createContributorRequestSchema.parse(contributor));
    return DEMO_CONTRIBUTORS.length;
  });
}

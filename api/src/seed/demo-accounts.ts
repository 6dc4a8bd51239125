import type { Db } from '../platform/db.js';
import { hashPassword } from '../platform/passwords.js';
import { totpUri } from '../platform/totp.js';
import { findCredentialsByEmail, insertUser, type NewUser } from '../domains/users/index.js';

/** Demo password of every demo account. A demo value, documented in the README: never a real system's. */
export const DEMO_PASSWORD = 'tunehouse-demo';
/** Base32 of "tunehouse-demo-totp!": add it to an authenticator app to pass Kofi's second step. */
export const DEMO_TOTP_SECRET = 'OR2W4ZLIN52XGZJNMRSW23ZNORXXI4BB';

type DemoAccount = Omit<NewUser, 'passwordHash'> & { role: string };

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    role: 'artist',
    email: 'mara@demo.tunehouse.local',
    firstName: 'Mara',
    lastName: 'Lindqvist',
    country: 'SE',
    city: 'Malmö',
  },
  {
    role: 'artist, TOTP second step',
    email: 'kofi@demo.tunehouse.local',
    firstName: 'Kofi',
    lastName: 'Mensah',
    country: 'GH',
    city: 'Accra',
    secondStep: 'totp',
    totpSecret: DEMO_TOTP_SECRET,
  },
  {
    role: 'artist, suspended',
    email: 'sam@demo.tunehouse.local',
    firstName: 'Sam',
    lastName: 'Reyes',
    country: 'MX',
    city: 'Guadalajara',
    suspended: true,
  },
  {
    role: 'admin',
    email: 'admin@demo.tunehouse.local',
    firstName: 'Ada',
    lastName: 'Okafor',
    country: 'NL',
    city: 'Rotterdam',
    isAdmin: true,
  },
];

/** Creates the demo accounts that do not exist yet (by e-mail); answers how many it created. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const { role: _role, ...account } of DEMO_ACCOUNTS) {
    if (await findCredentialsByEmail(db, account.email)) continue;
    if (await insertUser(db, { ...account, passwordHash, emailVerified: true })) created += 1;
  }
  return created;
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  return [
    `Demo logins (password for all: ${DEMO_PASSWORD})`,
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(width)}  ${account.role}`),
    `  TOTP secret for ${DEMO_ACCOUNTS[1]!.email}: ${DEMO_TOTP_SECRET}`,
    `  (${totpUri(DEMO_TOTP_SECRET, DEMO_ACCOUNTS[1]!.email)})`,
  ].join('\n');
}

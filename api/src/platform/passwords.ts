import { hash, verify } from '@node-rs/argon2';

/** Argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane (~30 ms a hash on our machines). */
const ARGON2ID = 2; // Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail is unknown, so response times do not tell which
 * addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('tunehouse-dummy-password');
  await verifyPassword(await dummyHash, password);
}

import { generateURI, verify } from 'otplib';

/**
 * Checks an RFC 6238 code (SHA-1, 6 digits, 30 s: what authenticator apps use), allowing one step of clock drift
 * either way. Answers the matched time step, or null. `afterTimeStep` refuses a code already used.
 */
export async function checkTotp(
  secret: string,
  token: string,
  afterTimeStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: 30,
      ...(afterTimeStep !== null ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Tunehouse', label: email, secret });
}

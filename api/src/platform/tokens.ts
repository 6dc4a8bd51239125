import { createHash, createHmac, hkdfSync, randomBytes, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'tunehouse';
const AUDIENCE = 'tunehouse-api';
/** Verified access tokens remembered per process: ~300 bytes each, so at most a few MB. */
const VERIFIED_REMEMBERED = 10_000;

export type AccessClaims = { userId: string; sessionId: string; expiresAt: Date };

export type AccessTokenVerdict =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Access tokens: HS256 JWTs naming the user (`sub`) and the session (`sid`), valid for at most 15 minutes.
 * The session row is still read on every request, so a revoked session stops at once; the JWT only spares
 * a lookup of tokens that are forged or stale.
 */
export class TokenService {
  /** Imported once: given bytes or a KeyObject, jose imports a CryptoKey on every call (~150 µs of CPU each). */
  private readonly jwtKey: Promise<webcrypto.CryptoKey>;
  private readonly codeKey: Buffer;
  /**
   * Tokens whose signature and claims were checked, by their exact text: an HMAC check of the same bytes under
   * the same key gives the same verdict, so a token seen again (every request of a signed-in page does) costs a
   * map lookup and a clock check instead of a WebCrypto verification, a fifth of the CPU of a session-checked GET
   * (docs/decisions/0050-api-hot-path.md). Only valid tokens are kept, at most VERIFIED_REMEMBERED, the oldest
   * forgotten first; expiry is still checked on every use.
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    if (accessTtlSeconds > 900) throw new Error('Access tokens live at most 15 minutes');
    this.jwtKey = webcrypto.subtle.importKey(
      'raw',
      hkdfSync('sha256', secret, 'tunehouse', 'access-token-hs256', 32),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.codeKey = Buffer.from(hkdfSync('sha256', secret, 'tunehouse', 'challenge-secrets', 32));
  }

  async signAccess(userId: string, sessionId: string, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.accessTtlSeconds)
      .sign(await this.jwtKey);
  }

  async verifyAccess(token: string): Promise<AccessTokenVerdict> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: a token is expired once its exp (whole seconds) is not after now, with no tolerance.
      if (known.expiresAt.getTime() / 1000 <= Math.floor(Date.now() / 1000)) {
        this.verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, claims: known };
    }
    const verdict = await this.verifyAccessOnce(token);
    if (verdict.ok) {
      this.verified.set(token, verdict.claims);
      if (this.verified.size > VERIFIED_REMEMBERED) this.verified.delete(this.verified.keys().next().value!);
    }
    return verdict;
  }

  private async verifyAccessOnce(token: string): Promise<AccessTokenVerdict> {
    try {
      const { payload } = await jwtVerify(token, await this.jwtKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || !payload.exp)
        return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        claims: { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) },
      };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  /** Keyed hash of an e-mailed secret: a leaked table row does not let anyone try six-digit codes offline. */
  hashChallengeSecret(secret: string): Buffer {
    return createHmac('sha256', this.codeKey).update(secret).digest();
  }
}

/** An opaque refresh token: 256 random bits. Only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** A random secret for an e-mailed link. */
export function newLinkSecret(): string {
  return randomBytes(24).toString('base64url');
}

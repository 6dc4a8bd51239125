import type { Session } from '@tunehouse/contracts';
import type { BotCheckVerdict } from '../../platform/bot-check.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import type { MetricsPort } from '../../platform/metrics.js';
import type { TokenService } from '../../platform/tokens.js';
import type { RefreshGrant } from './refresh-cookie.js';

/** What each session use case is given; `metrics` counts refused sign-ins (omitted: not counted). */
export type SessionDeps = {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  config: AppConfig;
  metrics?: MetricsPort;
};

/** Where a sign-in attempt came from: the network address, and whether it carried a solved bot check. */
export type SignInOrigin = { address?: string; botCheck?: BotCheckVerdict };

export type Impersonator = { id: string; email: string };

/**
 * A session just opened or rotated: what the answer's body carries, and the refresh token, which goes to the
 * browser only as its HttpOnly cookie (refresh-cookie.ts), never in the body.
 */
export type OpenedSession = { session: Session; refresh: RefreshGrant };

export const DAY_MS = 86_400_000;

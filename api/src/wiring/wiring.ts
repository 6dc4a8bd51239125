import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuthGuard } from '../platform/auth-guard.js';
import type { AppConfig } from '../platform/config.js';
import type { Db } from '../platform/db.js';
import type { Jobs } from '../platform/jobs.js';
import type { Mailer } from '../platform/mail/outbox.js';
import type { MetricsPort } from '../platform/metrics.js';
import type { RateLimits } from '../platform/rate-limits.js';
import type { MediaStorage } from '../platform/storage/index.js';
import type { TokenService } from '../platform/tokens.js';
import type { EmitEvent } from '../platform/webhook-events.js';

/** What every wire-*.ts file is given by buildApp: the app to register on and what the domains share. */
export type Wiring = {
  app: FastifyInstance;
  config: AppConfig;
  db: Db;
  jobs: Jobs;
  logger: FastifyBaseLogger | undefined;
  storage: MediaStorage;
  tokens: TokenService;
  auth: AuthGuard;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Where the domains count what the operator's metrics report (docs/decisions/0085-metrics-and-operator-view.md). */
  metrics: MetricsPort;
  /** Where the domains record webhook events, in their own transactions (docs/decisions/0088-webhooks.md). */
  emit: EmitEvent;
};

import {
  accountSecurityRoutes,
  createAccountSecurityService,
  createSessionUseTracker,
} from '../domains/account-security/index.js';
import { accountRoutes, createAccountService } from '../domains/accounts/index.js';
import { adminRoutes, createAdminService } from '../domains/admin/index.js';
import { auditRoutes } from '../domains/audit/index.js';
import { botCheckRoutes } from '../domains/bot-check/index.js';
import { createEventService, eventRoutes } from '../domains/events/index.js';
import { healthRoutes } from '../domains/health/index.js';
import { createSessionService, sessionRoutes } from '../domains/sessions/index.js';
import { createUserService, userRoutes } from '../domains/users/index.js';
import { createBuiltInVerificationService, verificationRoutes } from '../domains/verifications/index.js';
import type { BotCheck } from '../platform/bot-check.js';
import type { Wiring } from './wiring.js';

/** Health, the bot check, sign-in and sessions, accounts, users, events and the admins' user tools. */
export async function wireIdentity(
  { app, config, db, auth, tokens, mailer, rateLimits, metrics }: Wiring,
  botCheck: BotCheck,
): Promise<void> {
  const sessions = createSessionService({ db, tokens, mailer, config, metrics });
  const accounts = createAccountService({ db, tokens, mailer, config, sessions });
  const admin = createAdminService({ db, sessions });
  const users = createUserService({ db });
  const events = createEventService({ db });

  await app.register(healthRoutes({ db, auth }));
  await app.register(botCheckRoutes({ botCheck, auth, rateLimits }));
  await app.register(sessionRoutes({ sessions, auth, rateLimits, config }));
  await app.register(accountRoutes({ accounts, auth, rateLimits, config }));
  await app.register(userRoutes({ users, auth }));
  await app.register(eventRoutes({ events, auth, rateLimits }));
  await app.register(adminRoutes({ admin, auth, config }));
  await app.register(auditRoutes({ db, auth }));
}

/**
 * Account security (docs/decisions/0019-account-security-and-identity.md), with the hook that notes each
 * session's last use on every answer, and identity verification.
 */
export async function wireAccountSecurity({
  app,
  config,
  db,
  jobs,
  storage,
  auth,
  tokens,
  mailer,
  rateLimits,
}: Wiring) {
  const sessionUse = createSessionUseTracker(db);
  app.addHook('onResponse', sessionUse.hook);
  const security = createAccountSecurityService({ db, tokens, mailer, config });
  await app.register(accountSecurityRoutes({ security, auth, rateLimits, sessionUse }));
  const verifications = createBuiltInVerificationService({
    db,
    jobs,
    storage,
    simulatorDelaySeconds: config.verificationSimulatorDelaySeconds,
  });
  await app.register(verificationRoutes({ verifications, auth, rateLimitFactor: config.rateLimitFactor }));
}

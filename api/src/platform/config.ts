import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readOrCreateSecret } from './secrets.js';

/** The repository root: this file sits at api/{src,dist}/platform/. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export const BOT_CHECK_POLICIES = ['off', 'soft', 'enforce'] as const;
export type BotCheckPolicy = (typeof BOT_CHECK_POLICIES)[number];

/** The shell and every area remote, on both loopback names (tools/start/areas.mjs ports 4200–4206). */
const LOCAL_ORIGINS = Array.from({ length: 7 }, (_, index) => 4200 + index).flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const listFromEnv = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  JWT_SECRET: z.string().min(32).optional(),
  BOT_CHECK_HMAC_KEY: z.string().min(32).optional(),
  BOT_CHECK: z.enum(BOT_CHECK_POLICIES).default('soft'),
  CORS_ORIGINS: listFromEnv.default([]),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Tunehouse <no-reply@tunehouse.local>'),
  SITE_URL: z.url().default('http://localhost:4200'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  IMPERSONATION_TTL_MINUTES: z.coerce.number().int().min(1).max(480).default(60),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  TRUST_PROXY: booleanFromEnv.default(false),
  SEED_DEMO: booleanFromEnv.default(true),
});

export type AppConfig = {
  port: number;
  host: string;
  /** Unset: the API starts its embedded PostgreSQL under `<dataDir>/pg`. */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  jwtSecret: string;
  botCheckHmacKey: string;
  botCheck: BotCheckPolicy;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  siteUrl: string;
  logLevel: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  sessionMaxDays: number;
  impersonationTtlMinutes: number;
  /** Multiplies every per-address rate limit (tests raise it; a busy proxy might too). */
  rateLimitFactor: number;
  trustProxy: boolean;
  seedDemo: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment, refusing invalid values with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    botCheckHmacKey: e.BOT_CHECK_HMAC_KEY ?? readOrCreateSecret(dataDir, 'bot-check-hmac-key'),
    botCheck: e.BOT_CHECK,
    corsOrigins: [...new Set([...LOCAL_ORIGINS, ...e.CORS_ORIGINS])],
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    siteUrl: e.SITE_URL.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    impersonationTtlMinutes: e.IMPERSONATION_TTL_MINUTES,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
  };
}

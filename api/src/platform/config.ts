import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORMS, type Platform, type PlanType } from '@tunehouse/contracts';
import { z } from 'zod';
import { readOrCreateSecret } from './secrets.js';
import { dsnSchema } from './telemetry/error-reports.js';
import type { S3Settings } from './storage/s3-storage.js';

/** The repository root: this file sits at api/{src,dist}/platform/. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export const BOT_CHECK_POLICIES = ['off', 'soft', 'enforce'] as const;
export type BotCheckPolicy = (typeof BOT_CHECK_POLICIES)[number];

/** The shell and every area remote, on both loopback names (tools/start/areas.mjs ports 4200–4206). */
const LOCAL_ORIGINS = Array.from({ length: 7 }, (_, index) => 4200 + index).flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
const DEFAULT_PORT = 3000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * The origins allowed to call the API with credentials and to refresh a session (N8 of
 * docs/decisions/0063-lows-of-the-2026-11-27-review.md): CORS_ORIGINS and SITE_URL's origin. The development defaults (localhost and
 * 127.0.0.1 on 4200–4206) are added only to an API in its default configuration — CORS_ORIGINS unset, HOST
 * loopback, PORT 3000 — because an instance on other ports of a shared host must not trust another's pages.
 */
function allowedOrigins(e: z.infer<typeof envSchema>, env: Record<string, string | undefined>): string[] {
  const defaultLocalApi =
    env.CORS_ORIGINS === undefined && LOOPBACK_HOSTS.has(e.HOST) && e.PORT === DEFAULT_PORT;
  const configured = [...e.CORS_ORIGINS, e.SITE_URL].map((url) => new URL(url).origin);
  return [...new Set([...(defaultLocalApi ? LOCAL_ORIGINS : []), ...configured])];
}

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

/** A DDEX party id (DPID): PADPIDA and letters or digits (the ERN 4.3 schema's pattern). */
const ddexPartyId = z.string().regex(/^PADPIDA[a-zA-Z0-9]+$/, 'a DDEX party id such as PADPIDA2014120301X');

/** SFTP access to one platform's delivery server (docs/decisions/0035-ddex-delivery.md). */
export type SftpCredentials = {
  host: string;
  port: number;
  username: string;
  password: string | undefined;
  /** A private key file (OpenSSH or PEM); read when connecting. */
  privateKeyFile: string | undefined;
  /** The server's host key as OpenSSH prints it (SHA256:…, base64 without padding); any other key is refused. */
  hostKeySha256: string;
  /** The folder batches go into on the server. */
  path: string;
};

/** Release delivery to the platforms as DDEX ERN 4.3 (docs/decisions/0035-ddex-delivery.md). */
export type DeliverySettings = {
  /**
   * DDEX_SCHEMA_DIR: a folder with release-notification.xsd and the files it imports. Unset, the schema is looked
   * for beside the repository, then downloaded from DDEX once (docs/decisions/0040-ddex-schema-in-process.md).
   */
  schemaDir: string | undefined;
  /** DDEX_SCHEMA_DOWNLOAD: whether DDEX's published schema may be downloaded when no copy is at hand. */
  schemaDownload: boolean;
  /** Us in MessageSender (and the namespace of our proprietary ids). */
  sender: { partyId: string; name: string };
  /** Upload attempts per delivery before it is FAILED (at most the queue's retry limit + 1). */
  maxAttempts: number;
  /** First look for a platform's acknowledgement this long after upload (doubling, up to an hour, for 7 days). */
  ackCheckSeconds: number;
  /** The built-in platform simulators acknowledge a batch this long after it is complete. */
  simulatorAckSeconds: number;
  /**
   * DELIVERY_SIMULATOR_DIR: the simulated platforms' inboxes (`<dir>/<platform>/`), by default
   * `<DATA_DIR>/deliveries`. The folder stands for the platforms' own servers, so several API processes that
   * deliver to simulators share one (docs/decisions/0055-several-api-processes.md).
   */
  simulatorDir: string | undefined;
  /** Per platform: its DDEX party id and SFTP access; a platform without SFTP is served by a simulator. */
  platforms: Partial<Record<Platform, { partyId?: string; sftp?: SftpCredentials }>>;
};

const PLATFORM_VARIABLE = /^DELIVERY_(SFTP|PARTY_ID)_([A-Z0-9_]+?)(_KEY_FILE|_HOST_KEY)?$/;

/**
 * The per-platform delivery variables: DELIVERY_SFTP_<PLATFORM> (sftp://user[:password]@host[:port]/path), with
 * DELIVERY_SFTP_<PLATFORM>_HOST_KEY (required) and DELIVERY_SFTP_<PLATFORM>_KEY_FILE, and DELIVERY_PARTY_ID_<PLATFORM>.
 * A variable naming no known platform is refused, so a typo does not silently leave a platform on its simulator.
 */
function deliverySettings(
  e: z.infer<typeof envSchema>,
  env: Record<string, string | undefined>,
): DeliverySettings {
  const platforms: DeliverySettings['platforms'] = {};
  const problems: string[] = [];
  const isPlatform = (name: string): name is Platform => (PLATFORMS as readonly string[]).includes(name);
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('DELIVERY_SFTP_') && !name.startsWith('DELIVERY_PARTY_ID_')) continue;
    const match = PLATFORM_VARIABLE.exec(name);
    const platform = match?.[2];
    if (!match || !platform || !isPlatform(platform) || (match[1] === 'PARTY_ID' && match[3])) {
      problems.push(`${name}: names no platform (${PLATFORMS.join(', ')})`);
      continue;
    }
    const entry = (platforms[platform] ??= {});
    if (match[1] === 'PARTY_ID') {
      const parsed = ddexPartyId.safeParse(value);
      if (parsed.success) entry.partyId = parsed.data;
      else problems.push(`${name}: ${parsed.error.issues[0]?.message}`);
      continue;
    }
    if (match[3]) continue; // read with the URL below
    let url: URL | undefined;
    try {
      url = new URL(value ?? '');
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== 'sftp:' || !url.hostname || !url.username) {
      problems.push(`${name}: an address such as sftp://user@host:22/incoming`);
      continue;
    }
    const hostKey = env[`${name}_HOST_KEY`];
    if (!hostKey || !/^SHA256:[A-Za-z0-9+/]{43}$/.test(hostKey)) {
      problems.push(
        `${name}_HOST_KEY: the server's host key fingerprint (SHA256:…, as ssh-keygen -lf prints it)`,
      );
      continue;
    }
    const keyFile = env[`${name}_KEY_FILE`];
    if (keyFile && !fs.existsSync(keyFile)) problems.push(`${name}_KEY_FILE: ${keyFile} does not exist`);
    const password = url.password ? decodeURIComponent(url.password) : undefined;
    if (!keyFile && !password) problems.push(`${name}: give a password in the address or ${name}_KEY_FILE`);
    entry.sftp = {
      host: url.hostname,
      port: url.port ? Number(url.port) : 22,
      username: decodeURIComponent(url.username),
      password,
      privateKeyFile: keyFile,
      hostKeySha256: hostKey,
      path: decodeURIComponent(url.pathname) || '/',
    };
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return {
    schemaDir: e.DDEX_SCHEMA_DIR === undefined ? undefined : path.resolve(e.DDEX_SCHEMA_DIR),
    schemaDownload: e.DDEX_SCHEMA_DOWNLOAD,
    sender: { partyId: e.DDEX_SENDER_PARTY_ID, name: e.DDEX_SENDER_NAME },
    maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
    ackCheckSeconds: e.DELIVERY_ACK_CHECK_SECONDS,
    simulatorAckSeconds: e.DELIVERY_SIMULATOR_ACK_SECONDS,
    simulatorDir: e.DELIVERY_SIMULATOR_DIR ? path.resolve(e.DELIVERY_SIMULATOR_DIR) : undefined,
    platforms,
  };
}

const basisPoints = z.coerce.number().int().min(0).max(10_000);
/** 0: the plan has no distribution fee. */
const feeStreams = z.coerce.number().int().min(0).max(100_000_000);

/** A plan's terms: the owner's share of the royalties and the yearly distribution fee, if any. */
export type PlanTerms = {
  share: number;
  distributionFee: { numberOfStreams: number; pricePerStream: number } | null;
};

/** Plans and distribution fees (docs/decisions/0043-plans-and-fees.md). */
export type PlanSettings = {
  terms: Record<PlanType, PlanTerms>;
  /** Accounts created before this day (YYYY-MM-DD) are suggested the early-adopter plan. */
  earlyAdopterUntil: string;
};

function planSettings(e: z.infer<typeof envSchema>): PlanSettings {
  const fee = (numberOfStreams: number) =>
    numberOfStreams > 0 ? { numberOfStreams, pricePerStream: e.FEE_PRICE_PER_STREAM_MICRO } : null;
  return {
    terms: {
      STANDARD: { share: e.PLAN_STANDARD_SHARE_BP, distributionFee: fee(e.PLAN_STANDARD_FEE_STREAMS) },
      EARLY_ADOPTER: {
        share: e.PLAN_EARLY_ADOPTER_SHARE_BP,
        distributionFee: fee(e.PLAN_EARLY_ADOPTER_FEE_STREAMS),
      },
      FREE_DISTRIBUTION: { share: e.PLAN_FREE_DISTRIBUTION_SHARE_BP, distributionFee: null },
      FREE: { share: e.PLAN_FREE_SHARE_BP, distributionFee: null },
    },
    earlyAdopterUntil: e.PLAN_EARLY_ADOPTER_UNTIL,
  };
}

/** `127.0.0.1:9464` or `[::1]:9464` → host and port. */
function hostAndPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(address.slice(at + 1)) };
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  // Release delivery (docs/decisions/0035-ddex-delivery.md); per-platform variables in deliverySettings.
  DDEX_SCHEMA_DIR: z.string().min(1).optional(),
  DDEX_SCHEMA_DOWNLOAD: booleanFromEnv.default(true),
  DDEX_SENDER_PARTY_ID: ddexPartyId.default('PADPIDATUNEHOUSE'),
  DDEX_SENDER_NAME: z.string().trim().min(1).default('Tunehouse'),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(6).default(6),
  DELIVERY_ACK_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  DELIVERY_SIMULATOR_ACK_SECONDS: z.coerce.number().min(0).max(86_400).default(10),
  DELIVERY_SIMULATOR_DIR: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  BOT_CHECK_HMAC_KEY: z.string().min(32).optional(),
  PAYMENT_SIMULATOR_WEBHOOK_SECRET: z.string().min(32).optional(),
  BOT_CHECK: z.enum(BOT_CHECK_POLICIES).default('soft'),
  CORS_ORIGINS: listFromEnv.default([]),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Tunehouse <no-reply@tunehouse.local>'),
  SITE_URL: z.url().default('http://localhost:4200'),
  // Where browsers reach the API; media URLs are built from it, never from a Host header it does not match.
  API_PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // A Sentry-compatible service's DSN: server errors are reported there (docs/decisions/0086-traces-and-error-reporting.md).
  ERROR_REPORTING_DSN: dsnSchema.optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  IMPERSONATION_TTL_MINUTES: z.coerce.number().int().min(1).max(480).default(60),
  // Split invite mails a day (docs/decisions/0061-impersonation-and-split-invites.md): per owner, per address.
  SPLIT_INVITE_MAILS_PER_SENDER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
  SPLIT_INVITE_MAILS_PER_ADDRESS_DAY: z.coerce.number().int().min(1).max(10_000).default(3),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  // Media storage (docs/decisions/0055-several-api-processes.md): the data folder, or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[\w.-]+(\/[\w.-]+)*$/, 'a key prefix such as tunehouse/production')
    .optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  // GET /metrics (docs/decisions/0085-metrics-and-operator-view.md): on the API's port only with this bearer token,
  // and/or unauthenticated on a separate listener at host:port; neither set, it answers 404.
  METRICS_TOKEN: z.string().min(32).optional(),
  METRICS_ADDRESS: z
    .string()
    .regex(/^(\[[0-9a-fA-F:]+\]|[\w.-]+):\d{1,5}$/, 'host:port, such as 127.0.0.1:9464')
    .optional(),
  SEED_DEMO: booleanFromEnv.default(true),
  // Artist profile suggestions from the platforms' catalogues (docs/decisions/0031-artists-api.md).
  SPOTIFY_CLIENT_ID: z.string().min(1).optional(),
  SPOTIFY_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_MUSIC_DEVELOPER_TOKEN: z.string().min(1).optional(),
  APPLE_MUSIC_STOREFRONT: z
    .string()
    .regex(/^[a-z]{2}$/, 'a two-letter storefront such as us')
    .default('us'),
  // Releases (docs/decisions/0033-releases-api.md).
  AUDIO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  ARTWORK_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  RELEASE_MIN_LEAD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  REVIEW_AUTO_ACCEPT: booleanFromEnv.default(false),
  BARCODE_RANGE: z
    .string()
    .regex(
      /^\d{12}-\d{12}$/,
      'two 12-digit EAN-13 bodies (without check digit) such as 200000000000-200000099999',
    )
    .optional(),
  ISRC_REGISTRANT: z
    .string()
    .transform((value) => value.replace(/-/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'a country and registrant code such as QZ-ABC'))
    .optional(),
  AUDIO_PREVIEW_WORKER: booleanFromEnv.default(true),
  // Identity verification (docs/decisions/0019-account-security-and-identity.md): the built-in simulator's delay.
  VERIFICATION_SIMULATOR_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3),
  // Trends (docs/decisions/0038-trends-api.md): a series is daily up to this many days, weekly beyond.
  TRENDS_DAILY_MAX_DAYS: z.coerce.number().int().min(7).max(3660).default(92),
  TRENDS_MAX_DAYS: z.coerce.number().int().min(28).max(3660).default(1096),
  // The demo seed's stream history for Mara's released catalogue, in days up to yesterday (0: none).
  DEMO_TRENDS_DAYS: z.coerce.number().int().min(0).max(1096).default(365),
  // Plans and distribution fees (docs/decisions/0043-plans-and-fees.md): shares in basis points, fees in streams
  // per licence year, the price of a stream in micro-units of the platform currency.
  PLAN_STANDARD_SHARE_BP: basisPoints.default(10_000),
  PLAN_STANDARD_FEE_STREAMS: feeStreams.default(7_000),
  PLAN_EARLY_ADOPTER_SHARE_BP: basisPoints.default(10_000),
  PLAN_EARLY_ADOPTER_FEE_STREAMS: feeStreams.default(3_500),
  PLAN_EARLY_ADOPTER_UNTIL: z.iso.date().default('2026-01-01'),
  PLAN_FREE_DISTRIBUTION_SHARE_BP: basisPoints.default(8_500),
  PLAN_FREE_SHARE_BP: basisPoints.default(10_000),
  FEE_PRICE_PER_STREAM_MICRO: z.coerce.number().int().min(0).max(1_000_000).default(3_000),
  // The ledger's currency (ISO 4217): wallets and statements are in its minor units
  // (docs/decisions/0042-ledger-and-periods.md).
  PLATFORM_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR')
    .default('EUR'),
  // Payouts (docs/decisions/0046-payouts.md): the smallest payout in cents, the simulator's settling delay, when a
  // payout left unsent is sent again, how long a provider call may take; Wise when both its token and profile are set.
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(1_000),
  PAYOUT_SIMULATOR_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
  PAYOUT_RECOVERY_AFTER_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  PAYOUT_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  // How long a newly added bank account waits before payouts may go to it, as banks hold a new payee
  // (docs/decisions/0060-money-action-reauth-and-payee-hold.md); 0 turns the hold off. At most 30 days.
  PAYOUT_METHOD_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  WISE_API_TOKEN: z.string().min(1).optional(),
  WISE_PROFILE_ID: z.coerce.number().int().positive().optional(),
  WISE_API_URL: z.url().default('https://api.wise.com'),
  // Card payments (docs/decisions/0048-payments.md): Stripe Checkout when both its secret key and webhook secret
  // are set (STRIPE_API_URL for tests), otherwise the built-in simulator; how long a payment or card set-up may wait
  // for its webhook or return before the reconciliation job asks the provider.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  // Period close (docs/decisions/0063-lows-of-the-2026-11-27-review.md, N9): a month may close this many days after
  // it ended, when the platforms' reports for it are in. PERIOD_CLOSE_CLOCK_DAYS_AHEAD is for test stacks only: the
  // close rule takes "today" as that many days later, so a journey can close the month it just wrote to.
  PERIOD_CLOSE_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  PERIOD_CLOSE_CLOCK_DAYS_AHEAD: z.coerce.number().int().min(0).max(400).default(0),
  // The operator of this installation, the customer on every self-billing invoice (docs/decisions/0062-verified-supplier-and-names.md): legal
  // name, address lines (`;` between) and VAT id. The defaults say plainly that nobody set them. INVOICE_ISSUER_NAME
  // and INVOICE_ISSUER_ADDRESS are the older names of the first two, still read when the new ones are unset.
  OPERATOR_LEGAL_NAME: z.string().trim().min(1).max(200).optional(),
  OPERATOR_ADDRESS: z.string().trim().max(500).optional(),
  OPERATOR_VAT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 .-]{0,24}$/, 'a VAT id such as NL123456789B01')
    .optional(),
  INVOICE_ISSUER_NAME: z.string().trim().min(1).optional(),
  INVOICE_ISSUER_ADDRESS: z.string().optional(),
  // Webhooks (docs/decisions/0088-webhooks.md): endpoints whose host resolves to a private, loopback, link-local or
  // unique-local address are refused, at registration and at each delivery, unless this is true (a closed network
  // whose receivers live beside the API; the tests' local receiver).
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.default(false),
});

/** Card payments in (docs/decisions/0048-payments.md). */
export type PaymentSettings = {
  /** Unset: payments and card set-ups go through the built-in simulator. */
  stripe: { apiUrl: string; secretKey: string; webhookSecret: string } | undefined;
  reconcileAfterSeconds: number;
};

function paymentSettings(e: z.infer<typeof envSchema>): PaymentSettings {
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together');
  return {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    reconcileAfterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS,
  };
}

/** Payouts and their invoices (docs/decisions/0046-payouts.md). */
export type PayoutSettings = {
  minimumCents: number;
  simulatorSettleSeconds: number;
  recoveryAfterSeconds: number;
  sendTimeoutSeconds: number;
  /** Hours a newly added bank account takes no payouts (0: none). */
  methodHoldHours: number;
  /** Unset: payouts go through the built-in simulator. */
  wise: { apiUrl: string; token: string; profileId: number } | undefined;
  /** The operator, the customer of every self-billing invoice. */
  invoiceIssuer: { name: string; addressLines: string[]; vatId: string | null };
};

/** What invoices print for an installation whose operator set nothing: plainly a default, not a company. */
export const OPERATOR_DEFAULTS = {
  name: 'Tunehouse (self-hosted default: set OPERATOR_LEGAL_NAME)',
  address: 'Operator address not configured (self-hosted default: set OPERATOR_ADDRESS)',
} as const;

function payoutSettings(e: z.infer<typeof envSchema>): PayoutSettings {
  if (Boolean(e.WISE_API_TOKEN) !== Boolean(e.WISE_PROFILE_ID))
    throw new ConfigError('Invalid configuration: WISE_API_TOKEN and WISE_PROFILE_ID go together');
  return {
    minimumCents: e.PAYOUT_MINIMUM_CENTS,
    simulatorSettleSeconds: e.PAYOUT_SIMULATOR_SETTLE_SECONDS,
    recoveryAfterSeconds: e.PAYOUT_RECOVERY_AFTER_SECONDS,
    sendTimeoutSeconds: e.PAYOUT_SEND_TIMEOUT_SECONDS,
    methodHoldHours: e.PAYOUT_METHOD_HOLD_HOURS,
    wise:
      e.WISE_API_TOKEN && e.WISE_PROFILE_ID
        ? {
            apiUrl: e.WISE_API_URL.replace(/\/+$/, ''),
            token: e.WISE_API_TOKEN,
            profileId: e.WISE_PROFILE_ID,
          }
        : undefined,
    invoiceIssuer: {
      name: e.OPERATOR_LEGAL_NAME ?? e.INVOICE_ISSUER_NAME ?? OPERATOR_DEFAULTS.name,
      addressLines: (e.OPERATOR_ADDRESS ?? e.INVOICE_ISSUER_ADDRESS ?? OPERATOR_DEFAULTS.address)
        .split(';')
        .map((line) => line.trim())
        .filter(Boolean),
      vatId: e.OPERATOR_VAT_ID ? e.OPERATOR_VAT_ID.replace(/[\s.-]+/g, '').toUpperCase() : null,
    },
  };
}

/** Where media live (docs/decisions/0055-several-api-processes.md). */
export type StorageSettings = { driver: 'local' } | { driver: 's3'; s3: S3Settings };

function storageSettings(e: z.infer<typeof envSchema>): StorageSettings {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local' };
  if (!e.S3_BUCKET)
    throw new ConfigError('Invalid configuration: S3_BUCKET: required with STORAGE_DRIVER=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    driver: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: e.S3_PREFIX ?? '',
    },
  };
}

export type AppConfig = {
  port: number;
  host: string;
  /** Unset: the API starts its embedded PostgreSQL under `<dataDir>/pg`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Media storage: the data folder (default) or an S3-compatible bucket (without credentials: the SDK's chain). */
  storage: StorageSettings;
  /** Release delivery to the platforms (docs/decisions/0035-ddex-delivery.md). */
  delivery: DeliverySettings;
  embeddedPgPort: number;
  jwtSecret: string;
  botCheckHmacKey: string;
  /** Signs the built-in payment simulator's webhooks; the same in every process that may receive one. */
  paymentSimulatorWebhookSecret: string;
  botCheck: BotCheckPolicy;
  /** CORS_ORIGINS and SITE_URL's origin; the 4200–4206 loopback defaults only for a default local API. */
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  siteUrl: string;
  /** The API's public origin (API_PUBLIC_URL, else http://localhost:PORT), for absolute media URLs. */
  publicApiUrl: string;
  logLevel: string;
  /** Where 500s and unhandled errors are reported (Sentry envelope protocol); unset, nothing is sent. */
  errorReportingDsn: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  sessionMaxDays: number;
  impersonationTtlMinutes: number;
  /** Split invite mails a day, per sending account and per receiving address (counted in the database). */
  splitInviteMails: { perSenderPerDay: number; perAddressPerDay: number };
  /** Multiplies every per-address rate limit (tests raise it; a busy proxy might too). */
  rateLimitFactor: number;
  trustProxy: boolean;
  /** Who may read GET /metrics (docs/decisions/0085-metrics-and-operator-view.md); both unset, nobody. */
  metrics: { token: string | undefined; address: { host: string; port: number } | undefined };
  seedDemo: boolean;
  /** Catalogue searches for artist suggestions; unset, only profiles known to this installation are searched. */
  spotify: { clientId: string; clientSecret: string; apiUrl: string; accountsUrl: string } | undefined;
  appleMusic: { developerToken: string; storefront: string; apiUrl: string } | undefined;
  /** Releases: upload limits in bytes (audio, artwork). */
  audioMaxBytes: number;
  artworkMaxBytes: number;
  /** A first delivery's release date is at least this many days after today. */
  releaseMinLeadDays: number;
  /** Published releases are accepted without an admin's content review. */
  reviewAutoAccept: boolean;
  /** Barcodes assigned to releases without one: EAN-13 bodies from..to (check digit added); unset, none. */
  barcodeRange: { from: number; to: number } | undefined;
  /** ISRCs assigned to tracks without one: country + registrant code (5 characters); unset, none. */
  isrcRegistrant: string | undefined;
  /** This process makes MP3 previews of uploaded audio (a pg-boss worker). */
  audioPreviewWorker: boolean;
  /** The built-in identity-verification simulator decides this long after a submission. */
  verificationSimulatorDelaySeconds: number;
  /** Trends: a series is daily up to `dailyMaxDays`, weekly beyond; a range over `maxDays` is refused. */
  trends: { dailyMaxDays: number; maxDays: number };
  /** Days of demo streams seeded for the demo catalogue (up to yesterday). */
  demoTrendsDays: number;
  /** Plans: shares and distribution fees (docs/decisions/0043-plans-and-fees.md). */
  plans: PlanSettings;
  /** The ledger's currency: wallets, transfers and statements are in its minor units (cents). */
  platformCurrency: string;
  payouts: PayoutSettings;
  payments: PaymentSettings;
  /** When a month may close: `graceDays` after it ended, with the close rule's clock `clockDaysAhead` ahead (tests). */
  periodClose: { graceDays: number; clockDaysAhead: number };
  /** Webhook deliveries (docs/decisions/0088-webhooks.md): whether private addresses may receive them. */
  webhooks: { allowPrivateAddresses: boolean };
};

export class ConfigError extends Error {}

/** The plans and platform currency the defaults give (the demo seed's, when it is not handed the configuration). */
export function defaultMoneySettings(): Pick<AppConfig, 'plans' | 'platformCurrency'> {
  const e = envSchema.parse({});
  return { plans: planSettings(e), platformCurrency: e.PLATFORM_CURRENCY };
}

/** Reads the environment, refusing invalid values with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const barcodeRange = e.BARCODE_RANGE?.split('-').map(Number) as [number, number] | undefined;
  if (barcodeRange && barcodeRange[0] > barcodeRange[1])
    throw new ConfigError('Invalid configuration: BARCODE_RANGE goes from the lower to the higher number');
  if (Boolean(e.SPOTIFY_CLIENT_ID) !== Boolean(e.SPOTIFY_CLIENT_SECRET))
    throw new ConfigError('Invalid configuration: SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET go together');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    storage: storageSettings(e),
    delivery: deliverySettings(e, present),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    botCheckHmacKey: e.BOT_CHECK_HMAC_KEY ?? readOrCreateSecret(dataDir, 'bot-check-hmac-key'),
    paymentSimulatorWebhookSecret:
      e.PAYMENT_SIMULATOR_WEBHOOK_SECRET ?? readOrCreateSecret(dataDir, 'payment-simulator-webhook-secret'),
    botCheck: e.BOT_CHECK,
    corsOrigins: allowedOrigins(e, present),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    siteUrl: e.SITE_URL.replace(/\/+$/, ''),
    publicApiUrl: new URL(e.API_PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    logLevel: e.LOG_LEVEL,
    errorReportingDsn: e.ERROR_REPORTING_DSN,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    impersonationTtlMinutes: e.IMPERSONATION_TTL_MINUTES,
    splitInviteMails: {
      perSenderPerDay: e.SPLIT_INVITE_MAILS_PER_SENDER_DAY,
      perAddressPerDay: e.SPLIT_INVITE_MAILS_PER_ADDRESS_DAY,
    },
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustProxy: e.TRUST_PROXY,
    metrics: {
      token: e.METRICS_TOKEN,
      address: e.METRICS_ADDRESS ? hostAndPort(e.METRICS_ADDRESS) : undefined,
    },
    seedDemo: e.SEED_DEMO,
    spotify:
      e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET
        ? {
            clientId: e.SPOTIFY_CLIENT_ID,
            clientSecret: e.SPOTIFY_CLIENT_SECRET,
            apiUrl: 'https://api.spotify.com',
            accountsUrl: 'https://accounts.spotify.com',
          }
        : undefined,
    appleMusic: e.APPLE_MUSIC_DEVELOPER_TOKEN
      ? {
          developerToken: e.APPLE_MUSIC_DEVELOPER_TOKEN,
          storefront: e.APPLE_MUSIC_STOREFRONT,
          apiUrl: 'https://api.music.apple.com',
        }
      : undefined,
    audioMaxBytes: e.AUDIO_MAX_BYTES,
    artworkMaxBytes: e.ARTWORK_MAX_BYTES,
    releaseMinLeadDays: e.RELEASE_MIN_LEAD_DAYS,
    reviewAutoAccept: e.REVIEW_AUTO_ACCEPT,
    barcodeRange: barcodeRange ? { from: barcodeRange[0], to: barcodeRange[1] } : undefined,
    isrcRegistrant: e.ISRC_REGISTRANT,
    audioPreviewWorker: e.AUDIO_PREVIEW_WORKER,
    verificationSimulatorDelaySeconds: e.VERIFICATION_SIMULATOR_DELAY_SECONDS,
    trends: { dailyMaxDays: e.TRENDS_DAILY_MAX_DAYS, maxDays: e.TRENDS_MAX_DAYS },
    demoTrendsDays: e.DEMO_TRENDS_DAYS,
    plans: planSettings(e),
    platformCurrency: e.PLATFORM_CURRENCY,
    payouts: payoutSettings(e),
    payments: paymentSettings(e),
    periodClose: { graceDays: e.PERIOD_CLOSE_GRACE_DAYS, clockDaysAhead: e.PERIOD_CLOSE_CLOCK_DAYS_AHEAD },
    webhooks: { allowPrivateAddresses: e.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES },
  };
}

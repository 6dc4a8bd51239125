import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

const dirs: string[] = [];
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has defaults for a local install: port 3000, soft bot check, data under <repo>/.data', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: dir,
      embeddedPgPort: 5433,
      botCheck: 'soft',
      accessTokenTtlSeconds: 900,
      seedDemo: true,
    });
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining(['http://localhost:4200', 'http://127.0.0.1:4206']),
    );
    expect(path.join(REPO_ROOT, 'api', 'package.json')).toSatisfy((file: string) => fs.existsSync(file));
  });

  it('generates secrets once into DATA_DIR/secrets (0600) and reads them back', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.botCheckHmacKey).toBe(first.botCheckHmacKey);
    expect(first.botCheckHmacKey).not.toBe(first.jwtSecret);
    expect(fs.statSync(path.join(dir, 'secrets', 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('takes given values, extra CORS origins, and ignores empty variables', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '8080',
      JWT_SECRET: 'j'.repeat(40),
      BOT_CHECK: 'enforce',
      CORS_ORIGINS: 'https://app.example.com, https://admin.example.com',
      DATABASE_URL: 'postgres://u:p@db.example.com:5432/tunehouse',
      SMTP_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      jwtSecret: 'j'.repeat(40),
      botCheck: 'enforce',
      smtpUrl: undefined,
    });
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining(['https://app.example.com', 'https://admin.example.com']),
    );
  });

  it('trusts the loopback 4200–4206 origins only in the default local configuration, otherwise only settings', () => {
    const origins = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env }).corsOrigins;
    expect(origins({})).toEqual(expect.arrayContaining(['http://localhost:4203', 'http://127.0.0.1:4206']));
    expect(origins({ HOST: 'localhost', PORT: '3000' })).toContain('http://localhost:4203');
    // Another port, a non-loopback host, or CORS_ORIGINS given: the settings alone (CORS_ORIGINS + SITE_URL).
    expect(origins({ PORT: '3100', SITE_URL: 'http://localhost:5200/' })).toEqual(['http://localhost:5200']);
    expect(origins({ HOST: '0.0.0.0' })).toEqual(['http://localhost:4200']);
    expect(
      origins({ CORS_ORIGINS: 'http://localhost:5201', SITE_URL: 'https://app.example.com/welcome' }),
    ).toEqual(['http://localhost:5201', 'https://app.example.com']);
  });

  it('keeps media in the data folder by default and in an S3-compatible bucket with STORAGE_DRIVER=s3', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ driver: 'local' });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'tunehouse-media',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'production/eu',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://minio.internal:9000',
        region: 'us-east-1',
        bucket: 'tunehouse-media',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'production/eu',
      },
    });
  });

  it('refuses S3 storage without a bucket, with half the credentials, or with a bad bucket name', () => {
    const s3 = { DATA_DIR: dataDir(), STORAGE_DRIVER: 's3' };
    expect(() => loadConfig(s3)).toThrow(/S3_BUCKET: required with STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('refuses invalid values naming each variable', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        BOT_CHECK: 'maybe',
        ACCESS_TOKEN_TTL_SECONDS: '3600',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: .*; BOT_CHECK: .*; ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('holds a new payout bank account 24 hours unless PAYOUT_METHOD_HOLD_HOURS says otherwise (0: no hold)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).payouts.methodHoldHours).toBe(24);
    expect(loadConfig({ DATA_DIR: dataDir(), PAYOUT_METHOD_HOLD_HOURS: '0' }).payouts.methodHoldHours).toBe(
      0,
    );
    for (const wrong of ['-1', '1.5', '721', 'a day'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), PAYOUT_METHOD_HOLD_HOURS: wrong })).toThrow(
        /PAYOUT_METHOD_HOLD_HOURS/,
      );
  });
});

describe('the operator on invoices (decision 0062)', () => {
  it('defaults to a name and address that say plainly nobody set them', () => {
    const { invoiceIssuer } = loadConfig({ DATA_DIR: dataDir() }).payouts;
    expect(invoiceIssuer.name).toContain('self-hosted default');
    expect(invoiceIssuer.addressLines.join(' ')).toContain('OPERATOR_ADDRESS');
    expect(invoiceIssuer.vatId).toBeNull();
  });

  it('reads OPERATOR_LEGAL_NAME, OPERATOR_ADDRESS and OPERATOR_VAT_ID, and the older INVOICE_ISSUER_* names', () => {
    const set = loadConfig({
      DATA_DIR: dataDir(),
      OPERATOR_LEGAL_NAME: 'Harbour Music B.V.',
      OPERATOR_ADDRESS: 'Keizersgracht 2; 1015 AA Amsterdam',
      OPERATOR_VAT_ID: 'nl 8888.88888.b01',
    }).payouts.invoiceIssuer;
    expect(set).toEqual({
      name: 'Harbour Music B.V.',
      addressLines: ['Keizersgracht 2', '1015 AA Amsterdam'],
      vatId: 'NL888888888B01',
    });
    const older = loadConfig({ DATA_DIR: dataDir(), INVOICE_ISSUER_NAME: 'Old Name' }).payouts.invoiceIssuer;
    expect(older.name).toBe('Old Name');
  });
});

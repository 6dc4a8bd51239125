import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../start/paths.mjs';
import { freePort } from '../testing/free-port.mjs';
import { rawGet } from '../testing/raw-get.mjs';

/**
 * The web image's nginx sends the build's precompressed files (docs/decisions/0064-compressed-transfers-and-cheap-prefetch.md). The configuration's text is
 * checked everywhere; where an `nginx` binary is installed, it also runs against the built shell.
 */
const TEMPLATE = path.join(ROOT, 'deploy/web/default.conf.template');
const HEADERS = path.join(ROOT, 'deploy/web/headers.inc.template');
const SHELL_DIST = path.join(ROOT, 'shell/dist');
const text = fs.readFileSync(TEMPLATE, 'utf8');
const directives = text
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);

describe('the web image nginx configuration', () => {
  it('sends precompressed .gz files and compresses the rest of the text types on the fly, with Vary', () => {
    expect(directives).toContain('gzip_static on;');
    expect(directives).toContain('gzip on;');
    expect(directives).toContain('gzip_vary on;');
    const types = directives.find((line) => line.startsWith('gzip_types'))?.split(/\s+|;/) ?? [];
    for (const type of [
      'application/javascript',
      'text/javascript',
      'text/css',
      'application/json',
      'image/svg+xml',
    ])
      expect(types, type).toContain(type);
  });

  it('turns brotli_static on only where the image has the module (the official nginx image has not)', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'deploy/web.Dockerfile'), 'utf8');
    // The last stage is the image that runs.
    const base = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].at(-1)?.[1];
    expect(base).toMatch(/^nginx:/);
    expect(directives.some((line) => line.startsWith('brotli'))).toBe(false);
    expect(text).toMatch(/#.*brotli_static on;/);
  });
});

const nginxInstalled = spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
const shellBuilt = fs.existsSync(path.join(SHELL_DIST, 'index.html'));
if (!nginxInstalled)
  console.log('nginx is not installed here: the live nginx check is skipped (text checks ran)');
else if (!shellBuilt)
  console.log('shell/dist is not built: the live nginx check is skipped (build it first)');

/** Fills the templates as the official image does at start (envsubst of the Dockerfile's defaults). */
const fill = (template, values) =>
  template.replace(/\$\{([A-Z][A-Z0-9_]+)\}/g, (whole, name) => values[name] ?? whole);

describe.runIf(nginxInstalled && shellBuilt)('nginx serving the built shell', () => {
  let dir;
  let child;
  let base;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-nginx-'));
    const port = await freePort();
    const values = {
      API_ORIGIN: 'http://localhost:3000',
      AREA_ORIGINS: 'http://localhost:4300',
      REGISTRY_URL: 'http://localhost:4300/remotes.json',
      SITE_URL: `http://127.0.0.1:${port}`,
      SUPPORT_EMAIL: 'support@tunehouse.local',
      // Error reports off, as the Dockerfile's defaults leave them.
      SHELL_ERROR_REPORTING_DSN: '',
      ERROR_REPORTING_ORIGIN: '',
    };
    fs.writeFileSync(path.join(dir, 'headers.inc'), fill(fs.readFileSync(HEADERS, 'utf8'), values));
    fs.writeFileSync(
      path.join(dir, 'default.conf'),
      fill(text, values)
        .replace('listen 8080;', `listen 127.0.0.1:${port};`)
        .replace('root /usr/share/nginx/html;', `root ${SHELL_DIST};`)
        .replaceAll('/etc/nginx/conf.d/headers.inc', path.join(dir, 'headers.inc')),
    );
    // The official image's nginx.conf around it: the MIME types, and every path this process may write in `dir`.
    const mimeTypes = fs.existsSync('/etc/nginx/mime.types')
      ? 'include /etc/nginx/mime.types;'
      : 'types { text/html html; application/javascript js; application/json json; text/css css; }';
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        'events {}',
        'http {',
        `  ${mimeTypes}`,
        '  default_type application/octet-stream;',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (name) => `  ${name}_temp_path ${dir}/${name};`,
        ),
        `  include ${dir}/default.conf;`,
        '}',
      ].join('\n'),
    );
    child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries += 1) {
      try {
        await rawGet(`${base}/shell-config.json`);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a hashed script gzip-encoded to a browser that accepts gzip, plain otherwise, the same bytes', async () => {
    const script = fs.readdirSync(SHELL_DIST).find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    const original = fs.readFileSync(path.join(SHELL_DIST, script));
    const gzip = await rawGet(`${base}/${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['cache-control']).toContain('immutable');
    expect(gzip.wire.length).toBeLessThan(original.length / 2);
    expect(gzip.body.equals(original)).toBe(true);
    const plain = await rawGet(`${base}/${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('sends the page of any route gzip-encoded, with the security headers', async () => {
    const page = await rawGet(`${base}/albums/12`, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body.equals(fs.readFileSync(path.join(SHELL_DIST, 'frame.html')))).toBe(true);
  });

  // docs/decisions/0070-prerendered-shell-and-short-chain.md: as tools/start/shell-pages.mjs maps them.
  it('answers `/` with the landing page, /auth/login with its form, /auth/* and other routes with their frames', async () => {
    const pages = {
      '/': 'index.html',
      '/auth/login': 'login.html',
      '/auth/login?from=%2Fwallet': 'login.html',
      '/auth/forgot': 'auth.html',
      '/albums/12?tab=a.b': 'frame.html',
      // docs/decisions/0095-area-first-view-in-the-html.md: an area's main page with its first view drawn.
      '/albums': 'frame-albums.html',
      '/wallet/': 'frame-wallet.html',
      '/catalogue': 'frame.html',
    };
    for (const [route, file] of Object.entries(pages)) {
      const page = await rawGet(`${base}${route}`);
      expect(page.status, route).toBe(200);
      expect(page.body.equals(fs.readFileSync(path.join(SHELL_DIST, file))), route).toBe(true);
      // The landing page starts the shell only when needed
      // (docs/decisions/0077-landing-page-without-the-shell-until-needed.md): nothing to preload.
      // Nor does the sign-in page, its form drawn (docs/decisions/0082-layout-shift-and-startup-work.md).
      if (route === '/' || route.startsWith('/auth/login')) {
        expect(page.headers.link, route).toBeUndefined();
        continue;
      }
      expect(page.headers.link, route).toBe(
        '</shell-config.json>; rel=preload; as=fetch; crossorigin=anonymous, ' +
          '<http://localhost:4300/remotes.json>; rel=preload; as=fetch; crossorigin=anonymous',
      );
    }
    const script = fs.readdirSync(SHELL_DIST).find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    expect((await rawGet(`${base}/${script}`)).headers.link).toBeUndefined();
    expect((await rawGet(`${base}/shell-config.json`)).headers.link).toBeUndefined();
  });
});

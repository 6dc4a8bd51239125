import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { endpoints } from '@tunehouse/contracts';
import { startApi } from '../../tools/start/api-process.mjs';
import { freePort } from '../../tools/testing/free-port.mjs';
import { apiUrlOf } from '../fixtures/api-calls.js';
import { expect, freshStack, test } from '../fixtures/stack.js';
import { logIn } from '../fixtures/session.js';

/**
 * The refresh token is never reachable by page scripts (issue 17, M5; decision 0054): it is the API's HttpOnly
 * cookie, and yet a page loaded after the access token expired keeps the user signed in. The API here issues
 * access tokens of the shortest allowed life (30 s), so the expiry really happens during the test.
 */
const ACCESS_TOKEN_TTL_SECONDS = 30;
const PASSWORD = 'a long enough password';

let api: { url: string; shellPort: number; stop: () => Promise<void>; dataDir: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-e2e-session-'));
  const port = await freePort();
  const shellPort = await freePort();
  const shellOrigin = `http://127.0.0.1:${shellPort}`;
  const server = await startApi({
    port,
    timeoutMs: 170_000,
    env: {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      CORS_ORIGINS: shellOrigin,
      SITE_URL: shellOrigin,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
      // The accounts are made here, through the API: no demo, no bot check to solve from Node.
      SEED_DEMO: 'false',
      BOT_CHECK: 'off',
      DDEX_SCHEMA_DOWNLOAD: 'false',
    },
  });
  if (!server) throw new Error('The API is not built (api/dist/main.js)');
  api = { url: `http://127.0.0.1:${port}`, shellPort, stop: server.stop, dataDir };
});

test.afterAll(async () => {
  await api?.stop();
  if (api) fs.rmSync(api.dataDir, { recursive: true, force: true });
});

/** A new account, made through the API. */
async function newAccount(): Promise<string> {
  const email = `cookie.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
  const answer = await fetch(apiUrlOf(api.url, endpoints.accounts.signup), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Odile', lastName: 'Cookie' }),
  });
  // Sign-up signs nobody in (docs/decisions/0067-uniform-sign-up.md); the tests log in with the password.
  expect(answer.status).toBe(202);
  return email;
}

const userMenu = (page: Page) => page.getByRole('banner').locator('button[aria-haspopup="menu"]');

const cookieNamed = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name);

/** The access token the page's session cookie holds, and its expiry (epoch ms). */
async function pageAccessToken(context: BrowserContext): Promise<{ token: string; expiresAt: number }> {
  const cookie = await cookieNamed(context, 'tunehouse_session');
  const session = JSON.parse(decodeURIComponent(cookie!.value)) as { token: { accessToken: string } };
  const payload = JSON.parse(Buffer.from(session.token.accessToken.split('.')[1]!, 'base64url').toString());
  return { token: session.token.accessToken, expiresAt: (payload as { exp: number }).exp * 1000 };
}

/** A new account signed in on a shell of its own; the shell is closed when `run` ends, however it ends. */
async function signedInOnFreshStack(page: Page, run: (shellUrl: string) => Promise<void>) {
  const stack = await freshStack({ shellPort: api.shellPort, apiBaseUrl: api.url });
  try {
    await logIn(page, stack.shellUrl, await newAccount(), { password: PASSWORD });
    await expect(userMenu(page)).toHaveText(/Odile Cookie/);
    await run(stack.shellUrl);
  } finally {
    await stack.close();
  }
}

test('after sign-in no page script sees the refresh token, yet a reload after the access token expired keeps the user signed in', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signedInOnFreshStack(page, async (shellUrl) => {
    const refresh = await cookieNamed(context, 'tunehouse_refresh');
    expect(refresh, 'the API set its refresh cookie').toBeDefined();
    expect(refresh).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/v1/sessions/current',
    });
    // What page scripts can read: the spec's session cookie, and in it no refresh token.
    const readable = await page.evaluate(() => document.cookie);
    expect(readable).toContain('tunehouse_session=');
    expect(readable).not.toContain('tunehouse_refresh');
    expect(readable).not.toContain(refresh!.value);
    expect(decodeURIComponent(readable)).not.toMatch(/refreshToken/);

    const before = await pageAccessToken(context);
    // Wait (real time: the API checks `exp` with its own clock) until the token the page holds has expired.
    await expect
      .poll(() => Date.now() > before.expiresAt + 1000, { timeout: (ACCESS_TOKEN_TTL_SECONDS + 15) * 1000 })
      .toBe(true);

    await page.goto(`${shellUrl}/account`);
    await expect(page).toHaveURL(`${shellUrl}/account`);
    await expect(page.getByLabel('First name')).toHaveValue('Odile');
    await expect(userMenu(page)).toHaveText(/Odile Cookie/);
    // The page refreshed through the cookie: a new access token, and the refresh cookie rotated.
    const after = await pageAccessToken(context);
    expect(after.token).not.toBe(before.token);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    expect((await cookieNamed(context, 'tunehouse_refresh'))!.value).not.toBe(refresh!.value);

    // Sign-out: the browser forgets the refresh cookie.
    await page.goto(`${shellUrl}/auth/logout`);
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect.poll(async () => cookieNamed(context, 'tunehouse_refresh')).toBeUndefined();
  });
});

test('signing out after the access token expired and the refresh failed still ends the session and drops the cookie', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signedInOnFreshStack(page, async (shellUrl) => {
    await page.waitForLoadState('networkidle');
    const before = await pageAccessToken(context);
    // The network fails every refresh from now on, so the sign-out only has an expired access token to send.
    const refreshUrl = apiUrlOf(api.url, endpoints.sessions.refresh);
    await page.route(refreshUrl, (route) => route.abort('connectionfailed'));
    await expect
      .poll(() => Date.now() > before.expiresAt + 1000, { timeout: (ACCESS_TOKEN_TTL_SECONDS + 15) * 1000 })
      .toBe(true);
    const refresh = (await cookieNamed(context, 'tunehouse_refresh'))!;

    await page.goto(`${shellUrl}/auth/logout`);
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect.poll(async () => cookieNamed(context, 'tunehouse_refresh')).toBeUndefined();
    // The session really ended on the server: its refresh token, replayed by hand, is refused.
    const replay = await fetch(refreshUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `tunehouse_refresh=${refresh.value}` },
      body: '{}',
    });
    expect(replay.status).toBe(400);
  });
});

test('a page of another origin on the same host can neither read nor use the refresh token', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const stack = await freshStack({ shellPort: api.shellPort, apiBaseUrl: api.url });
  // Another port of the same host: the same site (cookies do not tell ports apart), but not an allowed origin.
  const other = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Another origin</title><p>Another origin</p></html>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://127.0.0.1:${(other.address() as net.AddressInfo).port}/`;
  try {
    const email = await newAccount();
    await logIn(page, stack.shellUrl, email, { password: PASSWORD });
    await expect(userMenu(page)).toHaveText(/Odile Cookie/);
    // Every call of the page refreshes its short-lived token; let them settle before noting the cookie.
    await page.waitForLoadState('networkidle');
    const refresh = (await cookieNamed(context, 'tunehouse_refresh'))!;

    const stranger = await context.newPage();
    await stranger.goto(otherUrl);
    const refreshUrl = apiUrlOf(api.url, endpoints.sessions.refresh);
    const attempt = await stranger.evaluate(async (url) => {
      const outcome = async (request: () => Promise<Response>) => {
        try {
          return String((await request()).status);
        } catch {
          return 'refused';
        }
      };
      return {
        cookies: document.cookie,
        // A JSON call needs a preflight, which the API answers without allowing this origin.
        json: await outcome(() =>
          fetch(url, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }),
        ),
        // A "simple" request goes without a preflight (text/plain, which the API refuses); nothing reaches the page.
        simple: await outcome(() =>
          fetch(url, { method: 'POST', credentials: 'include', mode: 'no-cors', body: '{}' }),
        ),
      };
    }, refreshUrl);
    expect(attempt.cookies).not.toContain(refresh.value);
    expect(attempt.cookies).not.toMatch(/refresh/i);
    expect(attempt.json).toBe('refused');
    // Opaque (status 0), or refused outright where the API's Cross-Origin-Resource-Policy withholds the answer.
    expect(['0', 'refused']).toContain(attempt.simple);
    await stranger.close();

    // Nothing was rotated or spent (a spent token would end the session): the cookie is the same, and the
    // shell's own page still refreshes with it.
    expect((await cookieNamed(context, 'tunehouse_refresh'))!.value).toBe(refresh.value);
    await page.goto(`${stack.shellUrl}/account`);
    await expect(page.getByLabel('First name')).toHaveValue('Odile');
    await expect
      .poll(async () => (await cookieNamed(context, 'tunehouse_refresh'))?.value)
      .not.toBe(refresh.value);
  } finally {
    await new Promise((resolve) => other.close(resolve));
    await stack.close();
  }
});

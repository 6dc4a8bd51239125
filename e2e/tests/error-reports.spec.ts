import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { endpoints } from '@tunehouse/contracts';
import { apiUrlOf } from '../fixtures/api-calls.js';
import { DEMO, DEMO_PASSWORD, expect, test as app } from '../fixtures/app.js';
import { logIn } from '../fixtures/session.js';

// Issue 29's browser half of "a local receiver records an envelope" (docs/decisions/0086-traces-and-error-reporting.md):
// a Sentry-compatible receiver on real HTTP is the stack's SHELL_ERROR_REPORTING_DSN; an area's render error and the
// shell's error page for an area that cannot load each arrive as one envelope naming the area, its deployed version,
// the route template and the user id — and nothing of the address, its query or the person's e-mail.

interface Envelope {
  url: string;
  raw: string;
  event: {
    release: string;
    transaction?: string;
    tags: Record<string, string>;
    user?: { id: string };
    exception: { values: { type: string; value: string }[] };
  };
}

/** Records every envelope posted to it, as Sentry's or GlitchTip's ingest would take it. */
async function startReceiver() {
  const envelopes: Envelope[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const lines = raw.split('\n').filter(Boolean);
      if (request.method === 'POST' && lines.length === 3)
        envelopes.push({ url: request.url ?? '', raw, event: JSON.parse(lines[2]!) as Envelope['event'] });
      response.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://e2ekey@127.0.0.1:${port}/5`,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const test = app.extend<{ receiver: Awaited<ReturnType<typeof startReceiver>> }>({
  receiver: async ({}, use) => {
    const receiver = await startReceiver();
    await use(receiver);
    await receiver.close();
  },
  errorReportingDsn: async ({ receiver }, use) => use(receiver.dsn),
});

/** The deployed version of an area, as this stack's registry (remotes.json) names it. */
const deployedVersion = (registryFile: string, area: string) =>
  (JSON.parse(fs.readFileSync(registryFile, 'utf8')) as { areas: Record<string, { version: string }> }).areas[
    area
  ]!.version;

/** Mara's user id, as the API's sign-in answer gives it. */
async function maraId(request: APIRequestContext, apiUrl: string) {
  const login = await request.post(apiUrlOf(apiUrl, endpoints.sessions.login), {
    data: { email: DEMO.artist, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return String(((await login.json()) as { user: { id: string | number } }).user.id);
}

/** What no report may carry: the address beyond its template, its query, the person's e-mail or name. */
function expectNothingPersonal(envelope: Envelope, ...values: string[]) {
  for (const value of [DEMO.artist, 'mara', 'Mara', 'utm_source', 'invite=', ...values])
    expect(envelope.raw, `the envelope carries "${value}"`).not.toContain(value);
}

test('an area that throws while rendering reports one envelope with its name, version, route template and user id', async ({
  page,
  app,
  api,
  receiver,
  request,
}) => {
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/albums' });
  const album = page.locator('#main tr[data-album]').first();
  // The first page after signing in: its list may take a while on a loaded runner.
  await expect(album).toBeVisible({ timeout: 30_000 });
  const albumId = (await album.getAttribute('data-album'))!;

  // A real trigger, no test hook: the editor decodes the address's hash to focus a field, and a lone `%` is not
  // decodable (URIError), so the step form throws and area-kit's error boundary shows the panel and reports.
  const query = `utm_source=mail&invite=${encodeURIComponent(DEMO.artist)}`;
  await page.goto(`${app.shellUrl}/albums/${albumId}/edit/details?${query}#%`);
  await expect(page.getByTestId('error-detail')).toContainText('status: 500');

  await expect.poll(() => receiver.envelopes.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const version = deployedVersion(app.registryFile, 'releases');
  const userId = await maraId(request, api.url);
  const [envelope] = receiver.envelopes;
  expect(envelope!.url).toBe('/api/5/envelope/?sentry_key=e2ekey&sentry_version=7');
  expect(envelope!.event).toMatchObject({
    release: `tunehouse-releases@${version}`,
    transaction: '/albums/:id/edit/:step',
    tags: { area: 'releases', area_version: version, route: '/albums/:id/edit/:step' },
    user: { id: userId },
    exception: { values: [expect.objectContaining({ type: 'URIError' })] },
  });
  expect(Object.keys(envelope!.event.user!)).toEqual(['id']);
  expectNothingPersonal(envelope!, albumId, `${app.shellUrl}/albums`);
  // Once per error, not once per render.
  expect(receiver.envelopes).toHaveLength(1);
});

test("the shell's error page for an area that cannot load reports it with the area's name, version and route", async ({
  page,
  app,
  api,
  receiver,
  request,
}) => {
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/albums' });
  await expect(page.locator('#main tr[data-album]').first()).toBeVisible({ timeout: 30_000 });
  await app.stopArea('analytics');

  await page.goto(`${app.shellUrl}/trends?utm_source=mail`);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be reached' })).toBeVisible();

  await expect.poll(() => receiver.envelopes.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const version = deployedVersion(app.registryFile, 'analytics');
  const [envelope] = receiver.envelopes;
  expect(envelope!.event).toMatchObject({
    release: `tunehouse-analytics@${version}`,
    // The shell knows the area's routes only as the registry's patterns: the area itself never arrived.
    transaction: '/trends/*',
    tags: { area: 'analytics', area_version: version, route: '/trends/*' },
    user: { id: await maraId(request, api.url) },
    exception: {
      values: [
        expect.objectContaining({
          type: 'AreaUnreachable',
          value: "area 'analytics' could not be loaded: its manifest did not arrive",
        }),
      ],
    },
  });
  expectNothingPersonal(envelope!);
  expect(receiver.envelopes).toHaveLength(1);
});

import { endpoints, pathOf } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnvelopeReceiver } from '../../testing/envelope-receiver.js';
import { bearer, createUser, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * The product spec's error reporting: with ERROR_REPORTING_DSN set, a 500 is sent as a Sentry envelope to a local receiver
 * (real HTTP), naming the route template, the release and the user id, and nothing else about the person.
 */

let receiver: Awaited<ReturnType<typeof startEnvelopeReceiver>>;
let test: TestApp;

beforeAll(async () => {
  receiver = await startEnvelopeReceiver();
  test = await createTestApp({ errorReportingDsn: receiver.dsn });
}, 60_000);

afterAll(async () => {
  await test?.close();
  await receiver?.close();
});

async function envelopesUntil(count: number) {
  for (let attempt = 0; attempt < 100 && receiver.envelopes.length < count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return receiver.envelopes;
}

describe('error reports', () => {
  it('sends a forced 500 with its route template, release and user id, and nothing personal', async () => {
    const user = await createUser(test.db, { firstName: 'Reportable' });
    const session = await login(test.app, user.email);
    const created = await test.app.inject({
      method: 'POST',
      url: endpoints.artists.create.path,
      headers: bearer(session),
      payload: { name: 'Forced Failure' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const artistId = String((created.json() as { id: string | number }).id);
    const before = receiver.envelopes.length;

    // A 4xx is the caller's mistake: not reported.
    const missing = await test.app.inject({
      method: 'GET',
      url: '/v1/no-such-route',
      headers: bearer(session),
    });
    expect(missing.statusCode).toBe(404);

    // The 500: the artists table is gone from under the running API (this test file's own database).
    await test.db.query('ALTER TABLE artists RENAME TO artists_gone');
    try {
      const failed = await test.app.inject({
        method: 'GET',
        url: `${pathOf(endpoints.artists.get.path, { id: artistId })}?note=${encodeURIComponent(user.email)}`,
        headers: { ...bearer(session), cookie: 'th_refresh=secret-cookie', 'x-request-id': 'report-test-1' },
      });
      expect(failed.statusCode).toBe(500);
      // The answer itself still names no internals.
      expect(failed.body).not.toContain('artists');
    } finally {
      await test.db.query('ALTER TABLE artists_gone RENAME TO artists');
    }

    const envelopes = await envelopesUntil(before + 1);
    expect(envelopes).toHaveLength(before + 1);
    const envelope = envelopes.at(-1)!;
    expect(envelope.auth).toContain('sentry_key=publickey');
    expect(envelope.items).toHaveLength(1);
    const [{ header, payload: event }] = envelope.items as [(typeof envelope.items)[number]];
    expect(header.type).toBe('event');
    expect(event).toMatchObject({
      event_id: envelope.header.event_id,
      level: 'error',
      platform: 'node',
      release: 'tunehouse-api@0.1.0',
      transaction: 'GET /v1/artists/:id',
      tags: { route: '/v1/artists/:id', method: 'GET', status: '500', request_id: 'report-test-1' },
      user: { id: user.id },
    });
    const [exception] = (event.exception as { values: { type: string; value: string }[] }).values;
    expect(exception!.value).toMatch(/relation "artists" does not exist/);
    // Nothing that names or reaches the person: no e-mail, name, token, cookie, URL or artist id.
    for (const personal of [user.email, 'Reportable', session.token.accessToken, 'secret-cookie', artistId]) {
      expect(envelope.raw).not.toContain(personal);
    }
  });

  it('masks e-mail addresses inside error messages', async () => {
    const { errorEvent } = await import('./error-reports.js');
    const event = errorEvent(new Error('duplicate key for mara@example.test'), {}, 'tunehouse-api@0.1.0');
    expect(event.exception.values[0]!.value).toBe('duplicate key for [email]');
  });
});

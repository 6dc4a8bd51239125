import { expect, it } from 'vitest';
import { appWithCuttableDatabase } from '../testing/app-with-cuttable-database.js';
import { bearer, createUser, expectError, login } from '../testing/fixtures.js';

/**
 * PostgreSQL going away and coming back, as when the embedded server dies and `npm start` restarts it: the API
 * answers 503 with Retry-After meanwhile (never a 500), /health says the database is down, and everything works
 * again once it is back, with nothing lost.
 */
const outage = appWithCuttableDatabase();

it('answers 503 with Retry-After while the database is away, and recovers when it returns', async () => {
  const { app, db, cut, restore } = outage();
  const user = await createUser(db);
  const session = await login(app, user.email);
  const me = () => app.inject({ url: '/v1/users/me', headers: bearer(session) });
  expect((await me()).statusCode).toBe(200);
  expect((await app.inject({ url: '/health' })).json()).toMatchObject({ status: 'ok', database: 'up' });

  await cut();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const away = await me();
    expectError(away, 503, 'SERVICE_UNAVAILABLE');
    expect(away.headers['retry-after']).toBe('5');
  }
  const health = await app.inject({ url: '/health' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });
  expect((await app.inject({ url: '/ready' })).statusCode).toBe(503);
  const refusedWrite = await app.inject({
    method: 'POST',
    url: '/v1/users/me',
    headers: bearer(session),
    payload: { firstName: 'Lost' },
  });
  expectError(refusedWrite, 503, 'SERVICE_UNAVAILABLE');

  await restore();
  const back = await me();
  expect(back.statusCode).toBe(200);
  expect(back.json()).toMatchObject({ firstName: user.firstName });
  expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
});

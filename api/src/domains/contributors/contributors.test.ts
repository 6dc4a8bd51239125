import { contributorPageSchema, contributorSchema, type Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { CONTRIBUTOR_ON_DELIVERED_RELEASE_MESSAGE, createContributorService } from './service.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let ownerAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  ownerAccountId = a.account.id;
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
});
afterAll(() => t.close());

const create = (session: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/contributors', headers: bearer(session), payload });
async function createContributor(session: Session, payload: object) {
  const response = await create(session, payload);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(contributorSchema, response);
}
const list = (session: Session, query = '') =>
  t.app.inject({ url: `/v2/contributors${query}`, headers: bearer(session) });

describe('contributors CRUD', () => {
  it('creates, reads, updates and deletes a contributor', async () => {
    const made = await createContributor(owner, {
      name: ' Ada Okafor ',
      role: 'MIXING',
      publisher: 'Harbour Songs',
    });
    expect(made).toMatchObject({ name: 'Ada Okafor', role: 'MIXING', publisher: 'Harbour Songs' });
    const url = `/v1/contributors/${made.id}`;
    expect(expectShape(contributorSchema, await t.app.inject({ url, headers: bearer(owner) }))).toEqual(made);

    const update = (payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(owner), payload });
    const renamed = expectShape(contributorSchema, await update({ role: 'MASTERING' }));
    expect(renamed).toMatchObject({ name: 'Ada Okafor', role: 'MASTERING', publisher: 'Harbour Songs' });
    expect(renamed.createdAt).toBe(made.createdAt);
    const cleared = expectShape(contributorSchema, await update({ publisher: null, name: 'Ada O.' }));
    expect(cleared).toMatchObject({ name: 'Ada O.', role: 'MASTERING', publisher: null });

    const deleted = await t.app.inject({ method: 'DELETE', url, headers: bearer(owner) });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectError(await t.app.inject({ url, headers: bearer(owner) }), 404, 'NOT_FOUND');
  });

  it('refuses a missing name, an artist role and a long publisher with their paths', async () => {
    const response = await create(owner, { name: '', role: 'PRIMARY', publisher: 'p'.repeat(201) });
    expect(expectError(response, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
      ['body', 'name'],
      ['body', 'role'],
      ['body', 'publisher'],
    ]);
    const made = await createContributor(owner, { name: 'Valid', role: 'MUSIC' });
    const update = await t.app.inject({
      method: 'POST',
      url: `/v1/contributors/${made.id}`,
      headers: bearer(owner),
      payload: { role: 'mixing', name: ' ' },
    });
    expect(expectError(update, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
      ['body', 'name'],
      ['body', 'role'],
    ]);
  });

  it('keeps other accounts’ contributors out of reach (404) and out of the list', async () => {
    const made = await createContributor(owner, { name: 'Hidden Hand', role: 'PRODUCER' });
    const url = `/v1/contributors/${made.id}`;
    expectError(await t.app.inject({ url, headers: bearer(stranger) }), 404, 'NOT_FOUND');
    expectError(
      await t.app.inject({ method: 'POST', url, headers: bearer(stranger), payload: { name: 'Stolen' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.app.inject({ method: 'DELETE', url, headers: bearer(stranger) }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ url: '/v1/contributors/7', headers: bearer(owner) }), 404, 'NOT_FOUND');
    expect(expectShape(contributorPageSchema, await list(stranger, '?q=Hidden')).items).toEqual([]);
    expectError(await t.app.inject({ url: '/v2/contributors' }), 401, 'UNAUTHENTICATED');
    expect(expectShape(contributorSchema, await t.app.inject({ url, headers: bearer(owner) })).name).toBe(
      'Hidden Hand',
    );
  });

  it('refuses deletion with 409 while the contributor is on a delivered release (release check stubbed)', async () => {
    const made = await createContributor(owner, { name: 'Credited', role: 'LYRICS' });
    const service = createContributorService({
      db: t.db,
      releases: { isOnDeliveredRelease: async () => true },
    });
    await expect(service.remove(ownerAccountId, String(made.id))).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: CONTRIBUTOR_ON_DELIVERED_RELEASE_MESSAGE,
    });
    expect((await service.get(ownerAccountId, String(made.id))).name).toBe('Credited');
  });
});

describe('GET /v2/contributors', () => {
  let session: Session;
  beforeAll(async () => {
    session = await login(t.app, (await createUser(t.db)).email);
    for (const [name, role] of [
      ['mia Berg', 'MIXING'],
      ['Anders Holm', 'PRODUCER'],
      ['Zoë Park', 'MIXING'],
      ['Émilie Roux', 'LYRICS'],
    ])
      await createContributor(session, { name, role });
  });

  it('orders by name, pages, and filters by q and role', async () => {
    const all = expectShape(contributorPageSchema, await list(session));
    expect(all.items.map((contributor) => contributor.name)).toEqual([
      'Anders Holm',
      'Émilie Roux',
      'mia Berg',
      'Zoë Park',
    ]);
    expect(all.totalItems).toBe(4);

    const page = expectShape(contributorPageSchema, await list(session, '?size=2&offset=1&order=desc'));
    expect(page).toMatchObject({
      currentOffset: 1,
      size: 2,
      totalItems: 4,
      nextOffset: 3,
      previousOffset: 0,
    });
    expect(page.items.map((contributor) => contributor.name)).toEqual(['mia Berg', 'Émilie Roux']);

    const newest = expectShape(
      contributorPageSchema,
      await list(session, '?order_by=created_at&order=desc&size=1'),
    );
    expect(newest.items.map((contributor) => contributor.name)).toEqual(['Émilie Roux']);

    const mixers = expectShape(contributorPageSchema, await list(session, '?role=MIXING&q=a'));
    expect(mixers.items.map((contributor) => contributor.name)).toEqual(['mia Berg', 'Zoë Park']);
    expect(mixers.totalItems).toBe(2);
  });

  it('refuses an unknown role and sort field with their paths', async () => {
    const response = await list(session, '?role=DJ&order_by=role');
    expect(expectError(response, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
      ['querystring', 'order_by'],
      ['querystring', 'role'],
    ]);
  });
});

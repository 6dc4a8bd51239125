import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, login, multipart } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { invalidTextIssues } from './invalid-text.js';

describe('invalidTextIssues', () => {
  it('names every string holding NUL, another control character or half a surrogate pair', () => {
    const issues = invalidTextIssues(
      {
        title: 'a\u0000b',
        nested: [{ ok: 'fine\ttext\r\n' }, { bad: '\u001b[31m' }],
        lone: '\ud800x',
        end: 'x\udc00',
      },
      ['body'],
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      ['body', 'title'],
      ['body', 'nested', 1, 'bad'],
      ['body', 'lone'],
      ['body', 'end'],
    ]);
  });

  it('accepts tabs, line breaks, emoji and every script', () => {
    expect(invalidTextIssues({ a: 'Sigur Rós — 𝄞 🎵 日本語\n\tعربي' }, ['body'])).toEqual([]);
  });

  it('refuses input nested deeper than any request of the product, without walking it all', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    const issues = invalidTextIssues(deep, ['body']);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/nest deeper/);
  });
});

describe('invalid text at the API boundary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('answers 400 naming the field, not 500, for NUL in a sign-up, a search and an album form', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/v1/signup',
      payload: { email: 'nul@example.com', password: 'a\u0000 long enough password', firstName: 'A\u0000' },
    });
    const signupError = expectError(signup, 400, 'VALIDATION_FAILED');
    expect(signupError.details?.map((issue) => issue.path.join('.'))).toContain('body.firstName');

    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const search = await t.app.inject({ url: '/v2/albums?q=%00', headers: bearer(session) });
    const searchError = expectError(search, 400, 'VALIDATION_FAILED');
    expect(searchError.details?.[0]?.path).toEqual(['querystring', 'q']);

    const form = multipart([{ name: 'metadata', data: JSON.stringify({ title: 'Lantern\u0000s' }) }]);
    const album = await t.app.inject({
      method: 'POST',
      url: '/v1/albums',
      headers: { ...bearer(session), ...form.headers },
      payload: form.payload,
    });
    const albumError = expectError(album, 400, 'VALIDATION_FAILED');
    expect(albumError.details?.[0]?.path).toEqual(['body', 'metadata', 'title']);
  });
});

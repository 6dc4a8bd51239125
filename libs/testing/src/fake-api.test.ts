import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, pageJson } from './fake-api.js';

describe('fakeApi', () => {
  it('answers planned calls by handler or with a fresh copy of a canned answer', async () => {
    const canned = pageJson([{ id: 'a' }]);
    const respond = fakeApi({
      'GET /v1/things': canned,
      'POST /v1/things': (request: { body?: unknown }) => ({ echoed: request.body }),
    });
    const first = (await respond({ method: 'GET', path: '/v1/things' })) as typeof canned;
    first.items.push({ id: 'changed by a test' });
    expect(await respond({ method: 'GET', path: '/v1/things' })).toEqual({
      items: [{ id: 'a' }],
      currentOffset: 0,
      size: 20,
      totalItems: 1,
    });
    expect(await respond({ method: 'POST', path: '/v1/things', body: { id: 'b' } })).toEqual({
      echoed: { id: 'b' },
    });
  });

  it('fails an unplanned call with a 500 naming it', async () => {
    await expect(fakeApi({})({ method: 'DELETE', path: '/v1/things/1' })).rejects.toMatchObject({
      status: 500,
      message: 'No answer planned for DELETE /v1/things/1',
    });
  });

  it('builds errors as the API client throws them', () => {
    const error = apiError(
      400,
      'Invalid request',
      [{ path: ['body', 'title'], message: 'Required' }],
      'VALIDATION',
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', details: [{ path: ['body', 'title'] }] });
  });
});

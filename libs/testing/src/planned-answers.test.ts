import { describe, expect, it } from 'vitest';
import { plannedAnswers } from './planned-answers.js';

describe('plannedAnswers', () => {
  it('passes planned answers on, null (a 204) included, and fails an unplanned call naming it', () => {
    const respond = plannedAnswers((request) => {
      if (request.path === '/v1/things') return { items: [] };
      if (request.method === 'DELETE') return null;
      return undefined;
    });
    expect(respond({ method: 'GET', path: '/v1/things' })).toEqual({ items: [] });
    expect(respond({ method: 'DELETE', path: '/v1/things/1' })).toBeNull();
    expect(() => respond({ method: 'POST', path: '/v1/other' })).toThrow('unplanned POST /v1/other');
  });
});

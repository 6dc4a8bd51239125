import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from './api-key-scope-list.js';
import { keyScopes } from './endpoints/scopes.js';

describe('API_KEY_SCOPES', () => {
  it('is the list the endpoint definitions give, in the same order, with the same money scopes', () => {
    expect(API_KEY_SCOPES).toEqual(keyScopes().map(({ scope, money }) => ({ scope, money })));
  });
});

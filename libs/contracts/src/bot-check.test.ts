import { describe, expect, it } from 'vitest';
import { botCheckActionFor } from './bot-check.js';

describe('botCheckActionFor', () => {
  it.each([
    ['/v1/sessions', 'login'],
    ['/v1/sessions/current/refresh', 'session_refresh'],
    ['/v1/signup', 'signup'],
    ['/v1/emails', 'verify_email'],
    ['/v1/verifications', 'verify_identity'],
    ['/v1/passwords/new', 'password_reset'],
    ['/v1/albums', 'create_album'],
    ['/v1/albums/42/publish', 'publish_album'],
    ['/v1/albums/42', 'update_album'],
    ['/v1/wallet/payouts?x=1', 'request_payout'],
  ])('POST %s is %s', (path, action) => {
    expect(botCheckActionFor('POST', path)).toBe(action);
  });

  it('leaves other paths and methods alone', () => {
    expect(botCheckActionFor('POST', '/v1/passwords')).toBeUndefined();
    expect(botCheckActionFor('POST', '/v1/sessions/current/verify')).toBeUndefined();
    expect(botCheckActionFor('GET', '/v1/sessions')).toBeUndefined();
    expect(botCheckActionFor('DELETE', '/v1/albums/42')).toBeUndefined();
  });
});

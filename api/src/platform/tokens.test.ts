import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.js';

const SECRET = 'a test secret of enough length for hkdf';

describe('TokenService.verifyAccess', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token seen again the same way, and still lets it expire', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00.000Z'), toFake: ['Date'] });
    const tokens = new TokenService(SECRET, 60);
    const token = await tokens.signAccess('user-1', 'session-1');
    const first = await tokens.verifyAccess(token);
    expect(first).toEqual({
      ok: true,
      claims: { userId: 'user-1', sessionId: 'session-1', expiresAt: new Date('2026-03-01T12:01:00.000Z') },
    });
    expect(await tokens.verifyAccess(token)).toEqual(first);
    vi.setSystemTime(new Date('2026-03-01T12:00:59.999Z'));
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
    // exp is not after now: expired, as jose decides for a token it has not seen.
    vi.setSystemTime(new Date('2026-03-01T12:01:00.000Z'));
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token changed by one character after the real one was accepted', async () => {
    const tokens = new TokenService(SECRET, 60);
    const token = await tokens.signAccess('user-1', 'session-1');
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
    // The signature's first character (its last one also carries unused padding bits).
    const dot = token.lastIndexOf('.') + 1;
    const changed = `${token.slice(0, dot)}${token[dot] === 'A' ? 'B' : 'A'}${token.slice(dot + 1)}`;
    expect(await tokens.verifyAccess(changed)).toEqual({ ok: false, reason: 'invalid' });
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
  });

  it('does not take a token signed with another secret, even for the same session', async () => {
    const ours = new TokenService(SECRET, 60);
    const theirs = new TokenService('another secret, another key entirely', 60);
    await ours.verifyAccess(await ours.signAccess('user-1', 'session-1'));
    expect(await ours.verifyAccess(await theirs.signAccess('user-1', 'session-1'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});

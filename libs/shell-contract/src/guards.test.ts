import { describe, expect, it } from 'vitest';
import { isApiError, parseShellContext } from './context-guard.js';
import { checkRemoteModule } from './guards.js';

const noop = async () => undefined;
const remote = (meta: Record<string, unknown>) => ({ bootstrap: [noop], mount: noop, unmount: noop, meta });

describe('checkRemoteModule', () => {
  it('accepts a module with lifecycles whose range includes the shell contract', () => {
    const result = checkRemoteModule(
      remote({ name: 'releases', routes: ['/albums'], shellRange: '^1.0.0' }),
      'releases',
      '1.2.0',
    );
    expect(result.ok).toBe(true);
  });

  it('refuses a remote whose shellRange excludes the shell contract', () => {
    const result = checkRemoteModule(
      remote({ name: 'releases', routes: ['/albums'], shellRange: '^2.0.0' }),
      'releases',
      '1.0.0',
    );
    expect(result).toEqual({
      ok: false,
      reason: 'contract',
      detail: "area 'releases' needs shell contract ^2.0.0, shell offers 1.0.0",
    });
  });

  it('refuses a remote that says it is another area', () => {
    const result = checkRemoteModule(
      remote({ name: 'wallet', routes: ['/wallet'], shellRange: '^1.0.0' }),
      'releases',
      '1.0.0',
    );
    expect(result).toMatchObject({ ok: false, reason: 'name' });
  });

  it('names the field path of a malformed module', () => {
    const result = checkRemoteModule(
      { bootstrap: noop, mount: 'nope', unmount: noop, meta: {} },
      'releases',
      '1.0.0',
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.detail).toMatch(/^mount: /);
  });

  it('refuses a meta whose shellRange is not a semver range', () => {
    const result = checkRemoteModule(
      remote({ name: 'releases', routes: ['/albums'], shellRange: 'whenever' }),
      'releases',
    );
    expect(result).toMatchObject({
      ok: false,
      reason: 'shape',
      detail: 'meta.shellRange: Expected a semver range',
    });
  });
});

describe('parseShellContext', () => {
  it('names the first missing member of a context', () => {
    expect(() => parseShellContext({ contractVersion: '1.0.0' })).toThrow(
      /^Invalid shell context at session: /,
    );
  });
});

describe('isApiError', () => {
  it('recognises any thrown value with a numeric status and a message', () => {
    expect(isApiError(Object.assign(new Error('Email taken'), { status: 409, code: 'EMAIL_TAKEN' }))).toBe(
      true,
    );
    expect(isApiError({ status: 400, message: 'Invalid', details: [] })).toBe(true);
  });

  it('refuses values without a status', () => {
    expect(isApiError(new Error('Network request failed'))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError({ status: '400', message: 'x' })).toBe(false);
  });
});

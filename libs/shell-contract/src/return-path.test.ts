import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from './return-path.js';

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/albums/12/edit/tracks?x=1#top')).toBe('/albums/12/edit/tracks?x=1#top');
  });

  it.each(['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', '', null])(
    'falls back for %s',
    (candidate) => {
      expect(safeReturnPath(candidate, '/home')).toBe('/home');
    },
  );
});

describe('loginPath', () => {
  it('carries the return target URL-encoded, and expired=true after a session ended', () => {
    expect(loginPath('/albums?status=DRAFT')).toBe('/auth/login?from=%2Falbums%3Fstatus%3DDRAFT');
    expect(loginPath('/trends', true)).toBe('/auth/login?expired=true&from=%2Ftrends');
  });
});

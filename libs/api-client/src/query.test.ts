import { describe, expect, it } from 'vitest';
import { buildQueryString, buildUrl } from './query.js';

describe('query strings', () => {
  it('drops empty strings, null and undefined', () => {
    expect(buildQueryString({ a: '', b: null, c: undefined, d: 'x', e: 0, f: false })).toBe(
      '?d=x&e=0&f=false',
    );
  });

  it('is empty when nothing is left', () => {
    expect(buildQueryString({ a: '', b: null })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({ list: [] })).toBe('');
  });

  it('repeats the key of an array, keeping a trailing []', () => {
    expect(buildQueryString({ 'platform[]': ['SPOTIFY', 'DEEZER'] })).toBe(
      '?platform[]=SPOTIFY&platform[]=DEEZER',
    );
    expect(buildQueryString({ id: [1, 2] })).toBe('?id=1&id=2');
  });

  it('drops empty items of an array', () => {
    expect(buildQueryString({ 'platform[]': ['', 'TIDAL'] })).toBe('?platform[]=TIDAL');
  });

  it('percent-encodes keys and values', () => {
    expect(buildQueryString({ q: 'a b&c=d', 'we ird': 'é' })).toBe('?q=a%20b%26c%3Dd&we%20ird=%C3%A9');
  });

  it('joins base URL, path and query', () => {
    expect(buildUrl('https://x.test/', '/v1/a', { q: 'Name' })).toBe('https://x.test/v1/a?q=Name');
    expect(buildUrl('https://x.test/api', 'v1/a')).toBe('https://x.test/api/v1/a');
    expect(buildUrl('https://x.test', '/v1/a?x=1', { y: 2 })).toBe('https://x.test/v1/a?x=1&y=2');
  });
});

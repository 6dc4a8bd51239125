import { describe, expect, it } from 'vitest';
import { findOwner, matchScore, routesNotOwned, sampleUrlOf } from './route-ownership.js';

// The ownership rules of issue 2, as a registry would state them.
const OWNERS = {
  auth: ['/auth/*', '/account', '/account/verify', '/admin/*'],
  releases: ['/albums/*'],
  splits: ['/splits/*', '/albums/:id/splits/*'],
  artists: ['/artists/*'],
  analytics: ['/trends/*'],
  wallet: ['/wallet/*', '/payments/*', '/payment-methods/*', '/account/billing'],
};

describe('findOwner', () => {
  it.each([
    ['/albums', 'releases'],
    ['/albums/new', 'releases'],
    ['/albums/12/edit/review', 'releases'],
    ['/albums/12/splits', 'splits'],
    ['/albums/12/splits/edit', 'splits'],
    ['/splits/', 'splits'],
    ['/account', 'auth'],
    ['/account/verify', 'auth'],
    ['/account/billing', 'wallet'],
    ['/admin', 'auth'],
    ['/admin/users/3', 'auth'],
    ['/payment-methods/complete', 'wallet'],
    ['/trends/playlists', 'analytics'],
  ])('%s belongs to %s', (path, area) => {
    expect(findOwner(OWNERS, path)).toBe(area);
  });

  it.each(['/', '/albumsx', '/account/other', '/nowhere', '/auths'])('%s belongs to no area', (path) => {
    expect(findOwner(OWNERS, path)).toBeNull();
  });
});

describe('matchScore', () => {
  it('ranks a longer, more literal pattern above a shorter wildcard', () => {
    const wildcard = matchScore('/albums/*', '/albums/1/splits');
    const specific = matchScore('/albums/:id/splits/*', '/albums/1/splits');
    expect(wildcard).not.toBeNull();
    expect(specific).toBeGreaterThan(wildcard ?? Infinity);
  });

  it('matches an exact pattern only at its own length', () => {
    expect(matchScore('/account', '/account')).not.toBeNull();
    expect(matchScore('/account', '/account/x')).toBeNull();
  });
});

describe('routesNotOwned', () => {
  it('gives every parameter and wildcard of a route a sample value', () => {
    expect(sampleUrlOf('/albums/:id/edit/:step')).toBe('/albums/sample-id/edit/sample-step');
    expect(sampleUrlOf('/admin/*')).toBe('/admin/sample');
  });

  it("passes routes under the area's own patterns", () => {
    expect(routesNotOwned(['/albums', '/albums/:id/edit/:step'], 'releases', OWNERS)).toEqual([]);
    expect(routesNotOwned(['/admin', '/admin/*', '/account'], 'auth', OWNERS)).toEqual([]);
  });

  it('names routes outside the patterns, and routes a more specific pattern gives to another area', () => {
    expect(routesNotOwned(['/albums', '/artists/:id'], 'releases', OWNERS)).toEqual(['/artists/:id']);
    expect(routesNotOwned(['/albums/:id/splits'], 'releases', OWNERS)).toEqual(['/albums/:id/splits']);
    expect(routesNotOwned(['/account/billing'], 'auth', { auth: ['/account'] })).toEqual([
      '/account/billing',
    ]);
  });
});

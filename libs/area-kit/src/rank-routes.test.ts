import { describe, expect, it } from 'vitest';
import { rankRoutes } from './rank-routes.js';

const paths = (list: string[]) => rankRoutes(list.map((path) => ({ path }))).map((route) => route.path);

describe('rankRoutes', () => {
  it('puts fixed words before parameters, deeper routes before shallower, splats last', () => {
    expect(
      paths(['/albums/:id', '/albums', '/albums/:id/edit/:step', '/albums/new', '/albums/:id/edit/review']),
    ).toEqual(['/albums/:id/edit/review', '/albums/:id/edit/:step', '/albums/new', '/albums/:id', '/albums']);
    expect(paths(['/admin/*', '/admin'])).toEqual(['/admin', '/admin/*']);
  });

  it('keeps the given order between routes as specific as each other', () => {
    expect(paths(['/wallet/periods/:id', '/wallet/mutations', '/splits/:id/split'])).toEqual([
      '/wallet/periods/:id',
      '/splits/:id/split',
      '/wallet/mutations',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { activeNavItem } from './nav-items.js';

describe('activeNavItem', () => {
  it.each([
    ['/albums', 'Releases'],
    ['/albums/3/edit/tracks', 'Releases'],
    ['/albums/3/splits', 'Releases'],
    ['/splits/9', 'Splits'],
    ['/artists/contributors', 'Artists'],
    ['/trends/playlists', 'Analytics'],
    ['/wallet/mutations', 'Wallet'],
  ])('%s activates %s by path prefix', (path, label) => {
    expect(activeNavItem(path)?.label).toBe(label);
  });

  it.each(['/', '/albumsx', '/account', '/payments/complete'])('%s activates nothing', (path) => {
    expect(activeNavItem(path)).toBeNull();
  });
});

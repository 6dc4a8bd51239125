import { describe, expect, it } from 'vitest';
import { mountThroughContract } from '@tunehouse/testing';
import * as app from './lifecycles.js';

describe('the artists remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, 'artists')).toEqual([
      { path: '/artists', heading: 'Artists' },
      { path: '/artists/contributors', heading: 'Contributors' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { mountThroughContract } from '@tunehouse/testing';
import * as app from './lifecycles.js';

describe('the analytics remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, 'analytics')).toEqual([
      { path: '/trends', heading: 'Stream trends' },
      { path: '/trends/playlists', heading: 'Playlist trends' },
    ]);
  });
});

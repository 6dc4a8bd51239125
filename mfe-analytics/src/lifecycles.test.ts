import { describe, expect, it } from 'vitest';
import { routesNotOwned } from '@tunehouse/shell-contract';
import { mountThroughContract } from '@tunehouse/testing';
import manifest from '../area.manifest.json';
import * as app from './lifecycles.js';

describe('the analytics remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, manifest.name)).toEqual([
      { path: '/trends', heading: 'Stream trends' },
      { path: '/trends/playlists', heading: 'Playlist trends' },
      { path: '/admin/reports', heading: 'Admin' },
    ]);
  });

  it('renders only routes its manifest owns, so the shell sends every one of them to it', () => {
    expect(routesNotOwned(app.meta.routes, manifest.name, { [manifest.name]: manifest.routes })).toEqual([]);
  });
});

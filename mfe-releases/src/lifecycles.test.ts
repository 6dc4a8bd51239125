import { describe, expect, it } from 'vitest';
import { routesNotOwned } from '@tunehouse/shell-contract';
import { mountThroughContract } from '@tunehouse/testing';
import manifest from '../area.manifest.json';
import * as app from './lifecycles.js';

describe('the releases remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, manifest.name)).toEqual([
      { path: '/albums', heading: 'Releases' },
      { path: '/albums/new', heading: 'New release' },
      { path: '/albums/sample-id', heading: 'Release' },
      { path: '/albums/sample-id/promotion', heading: 'Promotion' },
      { path: '/albums/sample-id/distribution', heading: 'Distribution' },
      { path: '/albums/sample-id/edit/review', heading: 'Review release' },
      { path: '/albums/sample-id/edit/sample-step', heading: 'Edit release' },
      { path: '/albums/sample-id/delivered', heading: 'Delivered' },
      { path: '/albums/sample-id/labelcopy', heading: 'Label copy' },
      { path: '/admin/reviews', heading: 'Admin' },
    ]);
  });

  it('renders only routes its manifest owns, so the shell sends every one of them to it', () => {
    expect(routesNotOwned(app.meta.routes, manifest.name, { [manifest.name]: manifest.routes })).toEqual([]);
  });
});

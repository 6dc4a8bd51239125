import { describe, expect, it } from 'vitest';
import { routesNotOwned } from '@tunehouse/shell-contract';
import { mountThroughContract } from '@tunehouse/testing';
import manifest from '../area.manifest.json';
import * as app from './lifecycles.js';

describe('the splits remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, manifest.name)).toEqual([
      { path: '/splits', heading: 'Royalty splits' },
      { path: '/splits/invites/opt-out', heading: 'No more split invites' },
      { path: '/splits/sample-id', heading: 'Split' },
      { path: '/splits/sample-id/split', heading: 'Split details' },
      { path: '/albums/sample-id/splits', heading: 'Release splits' },
      { path: '/albums/sample-id/splits/edit', heading: 'Edit release splits' },
    ]);
  });

  it('renders only routes its manifest owns, so the shell sends every one of them to it', () => {
    expect(routesNotOwned(app.meta.routes, manifest.name, { [manifest.name]: manifest.routes })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { mountThroughContract } from '@tunehouse/testing';
import * as app from './lifecycles.js';

describe('the splits remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, 'splits')).toEqual([
      { path: '/splits', heading: 'Royalty splits' },
      { path: '/splits/sample-id', heading: 'Split' },
      { path: '/splits/sample-id/split', heading: 'Split details' },
      { path: '/albums/sample-id/splits', heading: 'Release splits' },
      { path: '/albums/sample-id/splits/edit', heading: 'Edit release splits' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { contributorPageSchema } from '../artist.js';
import {
  contributorListQuerySchema,
  createContributorRequestSchema,
  updateContributorRequestSchema,
} from './contributors.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('contributor requests', () => {
  it('list by name ascending by default, filtered by q and role', () => {
    expect(contributorListQuerySchema.parse({ role: 'MIXING' })).toEqual({
      offset: 0,
      size: 25,
      order_by: 'name',
      order: 'asc',
      role: 'MIXING',
    });
    expect(pathsOf(contributorListQuerySchema.safeParse({ role: 'mixing', order_by: 'role' }))).toEqual([
      'order_by',
      'role',
    ]);
  });

  it('create needs a name and a credit role; a blank publisher is none', () => {
    expect(createContributorRequestSchema.parse({ name: ' Ada ', role: 'PRODUCER', publisher: ' ' })).toEqual(
      {
        name: 'Ada',
        role: 'PRODUCER',
        publisher: null,
      },
    );
    expect(pathsOf(createContributorRequestSchema.safeParse({ name: '', role: 'PRIMARY' }))).toEqual([
      'name',
      'role',
    ]);
  });

  it('update keeps absent fields and clears the publisher with null or blank', () => {
    expect(updateContributorRequestSchema.parse({})).toEqual({});
    expect(updateContributorRequestSchema.parse({ publisher: '' })).toEqual({ publisher: null });
    expect(updateContributorRequestSchema.parse({ publisher: null, role: 'MUSIC' })).toEqual({
      publisher: null,
      role: 'MUSIC',
    });
  });

  it('pages contributors with the spec envelope', () => {
    const stamps = { createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' };
    const page = {
      items: [{ id: 'c1', name: 'Ada', role: 'MIXING', ...stamps }],
      currentOffset: 0,
      size: 25,
    };
    expect(contributorPageSchema.parse(page).items[0]?.publisher).toBeUndefined();
  });
});

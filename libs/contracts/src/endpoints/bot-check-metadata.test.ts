import { describe, expect, it } from 'vitest';
import { botCheckActionFor } from '../bot-check.js';
import { allEndpoints } from './index.js';

/**
 * The API checks the bot-check token of a route by its endpoint's `metadata.botCheck`, while the api-client
 * decides to attach one from the list of checked paths: both must name the same action for every endpoint.
 */
describe('endpoint bot-check metadata', () => {
  it('names the action of the bot-checked paths, and only there', () => {
    const disagreeing = allEndpoints()
      .map(([name, endpoint]) => ({
        name,
        declared: endpoint.metadata.botCheck,
        expected: botCheckActionFor(endpoint.method, endpoint.path),
      }))
      .filter(({ declared, expected }) => declared !== expected);
    expect(disagreeing).toEqual([]);
  });
});

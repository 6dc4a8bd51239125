import { describe, expect, it } from 'vitest';
import { routesNotOwned } from '@tunehouse/shell-contract';
import { mountThroughContract } from '@tunehouse/testing';
import manifest from '../area.manifest.json';
import * as app from './lifecycles.js';

describe('the auth remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, manifest.name)).toEqual([
      { path: '/auth/signup', heading: 'Create your account' },
      { path: '/auth/suspended', heading: 'Account suspended' },
      { path: '/auth/login', heading: 'Log in' },
      { path: '/auth/logout', heading: 'Log out' },
      { path: '/auth/challenge', heading: 'Verify it is you' },
      { path: '/auth/forgot', heading: 'Forgot your password' },
      { path: '/account', heading: 'Account settings' },
      { path: '/account/verify', heading: 'Verify your identity' },
      { path: '/account/api-keys', heading: 'API keys' },
      { path: '/admin', heading: 'Admin' },
      { path: '/admin/operations', heading: 'Admin' },
      { path: '/admin/api-keys', heading: 'Admin' },
    ]);
  });

  it('renders only routes its manifest owns, so the shell sends every one of them to it', () => {
    expect(routesNotOwned(app.meta.routes, manifest.name, { [manifest.name]: manifest.routes })).toEqual([]);
  });
});

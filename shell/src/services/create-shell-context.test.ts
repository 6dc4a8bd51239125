import { describe, expect, it } from 'vitest';
import { SHELL_CONTRACT_VERSION, defaultHelpLinks, parseShellContext } from '@tunehouse/shell-contract';
import { createFakeShellContext } from '@tunehouse/testing';
import { createShellContext } from './create-shell-context.js';
import type { FullShellConfig } from './shell-config.js';

/**
 * The contract tested from the shell's side: every area checks the context it is mounted with
 * (parseShellContext in area-kit) and each area's own contract test mounts it with the fake shell context.
 * Both only prove something if the context this shell really builds passes that check and has the same members
 * as the fake one.
 */
const config: FullShellConfig = {
  apiBaseUrl: 'http://localhost:3000',
  supportEmail: 'support@tunehouse.local',
  productName: 'Tunehouse',
  siteUrl: 'http://localhost:4200',
  registryUrl: '/remotes.json',
  helpLinks: defaultHelpLinks('https://help.tunehouse.org'),
  announcement: { usersCreatedBefore: '2023-11-14', hiddenAfter: '2023-12-14' },
};
const analytics = { identify: () => undefined, track: () => undefined };

/** Each member's kind, and for the ports the names of their functions. */
function shapeOf(context: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(context).map(([key, value]) => [
      key,
      typeof value === 'object' && value !== null && key !== 'config'
        ? Object.keys(value)
            .filter((name) => typeof (value as Record<string, unknown>)[name] === 'function')
            .sort()
            .join(',')
        : typeof value,
    ]),
  );
}

describe('the context the shell gives an area', () => {
  it('passes the check every area makes when it is mounted, and says which contract it is', () => {
    const { shell } = createShellContext(config, analytics);
    expect(() => parseShellContext(shell)).not.toThrow();
    expect(shell.contractVersion).toBe(SHELL_CONTRACT_VERSION);
  });

  it('has every port and port method of the fake shell the areas are tested with', () => {
    const { shell } = createShellContext(config, analytics);
    const { shell: fake } = createFakeShellContext();
    const real = shapeOf(shell);
    const tested = shapeOf(fake);
    for (const [member, methods] of Object.entries(tested)) {
      if (member === 'queryClient') continue; // the same QueryClient class on both sides
      const realMethods = new Set(real[member]?.split(','));
      for (const method of methods.split(',')) expect(realMethods, `${member}.${method}`).toContain(method);
    }
  });

  it('is refused by the check when a port is missing, so the first test above can fail', () => {
    const { shell } = createShellContext(config, analytics);
    const { player: _player, ...withoutPlayer } = shell;
    expect(() => parseShellContext(withoutPlayer)).toThrow(/player/);
  });
});

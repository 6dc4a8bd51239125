import { act } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import { expect, vi } from 'vitest';
import { defaultHelpLinks } from '@tunehouse/shell-contract';
import { ShellApp } from '../shell-app.js';
import type { Analytics } from '../services/analytics.js';
import type { ShellServices } from '../services/create-shell-context.js';
import type { FullShellConfig } from '../services/shell-config.js';
import { PRERENDERED_ATTRIBUTE, type PrerenderedKind, type PrerenderedView } from './prerendered-view.js';

/** What the hydration tests share (never part of the app's bundle): an environment's config and the hydration. */
export const TEST_CONFIG: FullShellConfig = {
  apiBaseUrl: 'http://localhost:3000',
  supportEmail: 'help@label.example',
  productName: 'Tunehouse',
  siteUrl: 'http://localhost:4200',
  registryUrl: '/remotes.json',
  helpLinks: defaultHelpLinks('https://docs.label.example'),
  announcement: { usersCreatedBefore: '2023-11-14', hiddenAfter: '2023-12-14' },
};

export const silentAnalytics: Analytics = { identify: () => undefined, track: () => undefined };

/** `#root` as a server sends it: `html` (the build's markup) inside, the kind and any other attributes on it. */
export function prerenderedRoot(
  kind: PrerenderedKind,
  html: string,
  attributes: Record<string, string> = {},
): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(PRERENDERED_ATTRIBUTE, kind);
  for (const [name, value] of Object.entries(attributes)) container.setAttribute(name, value);
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/**
 * Hydrates `container` with the shell as bootstrap.tsx does, synchronously, and checks that React found the markup
 * its first render makes: React's development build reports any difference as a console error or a recoverable
 * error. Answers the root, for the caller to unmount.
 */
export async function hydrateWithoutMismatch(
  container: HTMLElement,
  props: {
    view: PrerenderedView | null;
    owners: Record<string, string[]>;
    services: ShellServices;
    analytics: Analytics;
  },
): Promise<Root> {
  const errors = vi.spyOn(console, 'error');
  const recoverable = vi.fn();
  let root: Root | null = null;
  await act(async () => {
    flushSync(() => {
      root = hydrateRoot(
        container,
        <ShellApp
          services={props.services}
          analytics={props.analytics}
          owners={props.owners}
          registryError={null}
          prerendered={props.view}
        />,
        { onRecoverableError: recoverable },
      );
    });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  if (!root) throw new Error('hydrateRoot answered no root');
  return root;
}

import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';

/** Calls `onCommit` once its children are in the DOM (a layout effect runs in the commit that put them there). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Hydrates the prerendered shell (or draws it, when the page has none) as a transition, resolved once React has
 * committed it. React hydrates an ordinary update in one go, one long task on a slow phone; a transition it does
 * in slices of about 5 ms, the browser painting and answering input between them
 * (docs/decisions/0082-layout-shift-and-startup-work.md). Whoever writes into the shell's DOM — single-spa mounting
 * an area into its slot — waits for the promise: the markup is React's from then on.
 */
export function renderShell(
  container: HTMLElement,
  app: ReactNode,
  hydrate: boolean,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<void> {
  return new Promise((resolve) => {
    const tree = <Committed onCommit={resolve}>{app}</Committed>;
    startTransition(() => {
      if (hydrate) hydrateRoot(container, tree, options);
      else createRoot(container, options).render(tree);
    });
  });
}

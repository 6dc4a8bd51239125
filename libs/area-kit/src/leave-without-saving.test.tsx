import { useEffect, useRef, useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ShellContext } from '@tunehouse/shell-contract';
import { navigateToUrl, registerApplication, start } from 'single-spa';
import { describe, expect, it } from 'vitest';
import { AreaRoot } from './create-area.js';

/**
 * The releases editor's "Leave without saving?" against a header link, with single-spa routing as the shell does
 * (`navigateToUrl`, `urlRerouteOnly`): the area's router must keep showing the editor while single-spa asks, or
 * the question goes with the page that asked it.
 */
const shell = {
  queryClient: new QueryClient(),
  config: { supportEmail: 'support@example.test' },
  navigate: () => undefined,
  setPageMeta: () => undefined,
} as unknown as ShellContext;

interface RoutingEventDetail {
  oldUrl?: string;
  newUrl?: string;
  cancelNavigation?: (cancel: Promise<boolean>) => void;
}

/** An editor with unsaved changes: it cancels single-spa's routing until asked, as mfe-releases' unsaved-changes does. */
function Editor() {
  const [asking, setAsking] = useState(false);
  const answer = useRef<((leave: boolean) => void) | null>(null);
  useEffect(() => {
    const onRouting = (event: Event) => {
      const detail = (event as CustomEvent<RoutingEventDetail>).detail;
      if (!detail?.cancelNavigation || detail.newUrl === detail.oldUrl) return;
      detail.cancelNavigation(
        new Promise<boolean>((resolve) => {
          answer.current = (leave) => {
            setAsking(false);
            resolve(!leave);
          };
          setAsking(true);
        }),
      );
    };
    window.addEventListener('single-spa:before-routing-event', onRouting);
    return () => window.removeEventListener('single-spa:before-routing-event', onRouting);
  }, []);
  return (
    <>
      <h1>Edit album</h1>
      {asking && (
        <div role="dialog" aria-label="Leave without saving?">
          <button onClick={() => answer.current?.(false)}>Stay</button>
          <button onClick={() => answer.current?.(true)}>Leave</button>
        </div>
      )}
    </>
  );
}

const area = {
  name: 'probe',
  shellRange: '^1.0.0',
  routes: [{ path: '/albums/:id/edit', element: <Editor /> }],
};

registerApplication({
  name: 'probe',
  app: async () => {
    let view: ReturnType<typeof render> | null = null;
    return {
      bootstrap: async () => undefined,
      mount: async () => {
        view = render(<AreaRoot shell={shell} area={area} />);
      },
      unmount: async () => {
        view?.unmount();
      },
    };
  },
  activeWhen: (location) => location.pathname.startsWith('/albums'),
});

const heading = () => screen.queryByRole('heading', { name: 'Edit album' });

describe('leaving an editor with unsaved changes through a shell link', () => {
  it('keeps the editor and its question on screen until answered, and stays or leaves as answered', async () => {
    window.history.replaceState(null, '', '/albums/7/edit');
    start({ urlRerouteOnly: true });
    await waitFor(() => expect(heading()).toBeTruthy());

    act(() => navigateToUrl('/artists'));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(heading()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(window.location.pathname).toBe('/albums/7/edit'));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(heading()).toBeTruthy();

    act(() => navigateToUrl('/artists'));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(heading()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(heading()).toBeNull());
    expect(window.location.pathname).toBe('/artists');
  });
});

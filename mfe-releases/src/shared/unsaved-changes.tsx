import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@tunehouse/ui';
import { useNavigate } from '@tunehouse/area-kit';

/** What single-spa puts on `single-spa:before-routing-event` (single-spa 6). */
interface RoutingEventDetail {
  oldUrl?: string;
  newUrl?: string;
  cancelNavigation?: (cancel?: boolean | Promise<boolean>) => void;
}

/**
 * Keeps unsaved changes from being lost on navigation (issue 6): while `dirty`,
 * - leaving or reloading the page asks through the browser (`beforeunload`);
 * - navigation the shell routes (header links, back and forward, other areas) waits on single-spa's
 *   `before-routing-event` until the user answers a dialog, and is cancelled when they stay;
 * - the area's own links go through `navigate`, which asks before the router moves.
 * Render `dialog` once in the page.
 */
export function useUnsavedChanges(dirty: boolean) {
  const routerNavigate = useNavigate();
  const [open, setOpen] = useState(false);
  /** Answers the question that is open: true to leave. */
  const answer = useRef<((leave: boolean) => void) | null>(null);
  /** Set when the user already agreed to leave (or nothing is lost), so that navigation's routing event passes. */
  const agreed = useRef(false);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = (leave) => {
          answer.current = null;
          setOpen(false);
          resolve(leave);
        };
        setOpen(true);
      }),
    [],
  );

  // A page that goes away with a question open lets the navigation go on, so single-spa is never left waiting.
  useEffect(() => () => answer.current?.(true), []);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value to show their prompt.
      event.returnValue = '';
    };
    const onRouting = (event: Event) => {
      const detail = (event as CustomEvent<RoutingEventDetail>).detail;
      if (!detail?.cancelNavigation || detail.newUrl === detail.oldUrl) return;
      if (agreed.current) {
        agreed.current = false;
        return;
      }
      detail.cancelNavigation(ask().then((leave) => !leave));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('single-spa:before-routing-event', onRouting);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('single-spa:before-routing-event', onRouting);
    };
  }, [dirty, ask]);

  const navigate = useCallback(
    async (to: string, options: { force?: boolean; replace?: boolean } = {}) => {
      // force: the caller knows nothing is lost (it has just saved), though the page may not know it yet.
      if (dirty && !options.force && !(await ask())) return;
      if (dirty) {
        agreed.current = true;
        // Without single-spa (tests, standalone) no routing event clears the flag.
        setTimeout(() => {
          agreed.current = false;
        }, 1000);
      }
      routerNavigate(to, { replace: options.replace ?? false });
    },
    [dirty, ask, routerNavigate],
  );

  const dialog = (
    <ConfirmDialog
      open={open}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      tone="danger"
      onConfirm={() => answer.current?.(true)}
      onCancel={() => answer.current?.(false)}
    >
      <p>You have changes on this step that are not saved yet. If you leave now, they are lost.</p>
    </ConfirmDialog>
  );

  return { navigate, dialog };
}

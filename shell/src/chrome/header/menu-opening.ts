import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The product spec: "Menu open delay 150 ms (not for top-level menubar menus)". A pointer resting on a menu's button opens
 * it after this long, so that a pointer crossing the header on its way elsewhere opens nothing. A click (or
 * Enter/Space, which click) opens at once. Focus alone does not open: tabbing along the header would otherwise
 * throw a menu over the page at every stop.
 */
export const MENU_OPEN_DELAY_MS = 150;

/**
 * Open state of a header menu: opened by a click at once or by a resting pointer after the delay, closed by
 * `close()` and by a change of `pathname` (the menu led somewhere). A click that lands just after the pointer opened
 * the menu (within another delay) was meant to open it, and keeps it open; any later click toggles.
 */
export function useMenuOpening(pathname: string, delayMs = MENU_OPEN_DELAY_MS) {
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerOpenedAt = useRef(Number.NEGATIVE_INFINITY);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);
  if (open && openedAt !== pathname) setOpen(false);

  const close = useCallback(() => {
    cancel();
    setOpen(false);
  }, [cancel]);
  const triggerProps = {
    onClick: () => {
      cancel();
      setOpenedAt(pathname);
      const meantToOpen = Date.now() - pointerOpenedAt.current < delayMs;
      pointerOpenedAt.current = Number.NEGATIVE_INFINITY;
      setOpen((value) => meantToOpen || !value);
    },
    onPointerEnter: (event: PointerEvent) => {
      // Touch has no resting pointer: a tap is a click.
      if (open || (event.pointerType !== 'mouse' && event.pointerType !== 'pen')) return;
      cancel();
      timer.current = setTimeout(() => {
        pointerOpenedAt.current = Date.now();
        setOpenedAt(pathname);
        setOpen(true);
      }, delayMs);
    },
    onPointerLeave: cancel,
  };
  return { open, close, triggerProps };
}

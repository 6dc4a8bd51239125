import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useShell } from './shell-react-context.js';

/**
 * Whether a click is the browser's to handle: a modifier (new tab, new window, download) or another button than
 * the main one. A link that navigates in the page lets such a click through.
 */
export function isModifiedClick(
  event: Pick<MouseEvent, 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'button'>,
) {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
}

export type ShellLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a page that may be another area's (`/albums/1/splits` from the releases area, an admin tab): the shell
 * navigates, so the area that owns the address mounts, and the area on screen never renders an address it does not
 * own. A real anchor, so a modified click (new tab) and copying the link stay the browser's. Within an area, `Link`
 * and `NavLink` are enough.
 */
export function ShellLink({ to, onClick, ...props }: ShellLinkProps) {
  const shell = useShell();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isModifiedClick(event)) return;
        event.preventDefault();
        shell.navigate(to);
      }}
    />
  );
}

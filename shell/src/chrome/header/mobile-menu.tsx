import { css } from '@emotion/react';
import { useEffect, useId } from 'react';
import { colors, fonts, layout, mq, zIndex } from '@tunehouse/ui';
import { ShellLink } from '../shell-link.js';
import { useMenuOpening } from './menu-opening.js';
import type { NavItem } from './nav-items.js';

const toggle = css`
  margin-left: auto;
  padding: 0.4rem 0.8rem;
  border: 1px solid ${colors.border};
  border-radius: 999px;
  background: ${colors.paper};
  color: ${colors.ink};
  font: 600 0.95rem ${fonts.body};
  cursor: pointer;
  ${mq('tablet')} {
    display: none;
  }
`;
const panel = css`
  position: fixed;
  top: ${layout.headerHeight};
  left: 0;
  right: 0;
  z-index: ${zIndex.header};
  display: flex;
  flex-direction: column;
  padding: 0.5rem 1rem 1rem;
  background: ${colors.paper};
  border-bottom: 1px solid ${colors.border};
  box-shadow: 0 12px 24px rgb(0 0 0 / 0.08);
  a {
    padding: 0.75rem 0.5rem;
    color: ${colors.ink};
    font-weight: 600;
    text-decoration: none;
    border-radius: 0.5rem;
  }
  a[aria-current='page'] {
    background: ${colors.surface};
  }
  ${mq('tablet')} {
    display: none;
  }
`;

const signedInAs = css`
  margin-top: 0.5rem;
  padding: 0.75rem 0.5rem 0.25rem;
  border-top: 1px solid ${colors.border};
  color: ${colors.muted};
  font-size: 0.85rem;
`;

/**
 * Below the tablet breakpoint the top-bar nav does not fit: the same items move behind a Menu button. It opens on a
 * click at once or after a pointer rests on the button for 150 ms, and closes on navigation and on Escape.
 */
export function MobileMenu({
  items,
  active,
  pathname,
  supportHref,
  userName,
}: {
  items: readonly NavItem[];
  active: NavItem | null;
  pathname: string;
  supportHref: string;
  /** The signed-in user's name; null when logged out (then there is no user menu, only Log in). */
  userName: string | null;
}) {
  const { open, close, triggerProps } = useMenuOpening(pathname);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, close]);

  return (
    <>
      <button type="button" css={toggle} aria-expanded={open} aria-controls={panelId} {...triggerProps}>
        {open ? 'Close' : 'Menu'}
      </button>
      {open && (
        <nav id={panelId} css={panel} aria-label="Mobile">
          {items.map((item) => (
            <ShellLink key={item.href} href={item.href} aria-current={item === active ? 'page' : undefined}>
              {item.label}
            </ShellLink>
          ))}
          <a href={supportHref}>Support</a>
          {userName === null ? (
            <ShellLink href="/auth/login">Log in</ShellLink>
          ) : (
            <>
              <span css={signedInAs}>{userName}</span>
              <ShellLink href="/account">Account</ShellLink>
              <ShellLink href="/auth/logout">Logout</ShellLink>
            </>
          )}
        </nav>
      )}
    </>
  );
}

import { css } from '@emotion/react';
import { useEffect, useId, useRef } from 'react';
import type { SessionView } from '@tunehouse/shell-contract';
import { colors, fonts, radius, zIndex } from '@tunehouse/ui';
import { ShellLink } from '../shell-link.js';
import { useMenuOpening } from './menu-opening.js';

const trigger = css`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.35rem 0.75rem;
  border: 1px solid ${colors.border};
  border-radius: ${radius.round};
  background: ${colors.paper};
  color: ${colors.ink};
  font: 600 0.95rem ${fonts.body};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;
const menu = css`
  position: absolute;
  right: 0;
  top: calc(100% + 0.4rem);
  z-index: ${zIndex.header};
  min-width: 12rem;
  display: flex;
  flex-direction: column;
  padding: 0.4rem;
  background: ${colors.paper};
  border: 1px solid ${colors.border};
  border-radius: ${radius.medium};
  box-shadow: 0 12px 24px rgb(0 0 0 / 0.1);
  a {
    padding: 0.6rem 0.75rem;
    border-radius: ${radius.small};
    color: ${colors.ink};
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    background: ${colors.surface};
    outline: none;
  }
`;

/** The user's first and last name; full name or, when none is set, the e-mail address. */
export function displayName(session: SessionView): string {
  return `${session.user.firstName} ${session.user.lastName}`.trim() || session.user.email;
}

/**
 * The user menu, with Account and Logout. It opens on click at once, or when the pointer rests on its button for
 * 150 ms (it is a menu button, not a menubar, so the spec's open delay applies), and closes on Escape, a click
 * outside, focus leaving it, or choosing an item.
 */
export function UserMenu({ session, pathname }: { session: SessionView; pathname: string }) {
  const { open, close, triggerProps } = useMenuOpening(pathname);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  return (
    <div
      ref={root}
      css={css`
        position: relative;
      `}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        type="button"
        css={trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        {...triggerProps}
      >
        {displayName(session)} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div id={menuId} role="menu" css={menu} aria-label="Account menu">
          <ShellLink role="menuitem" href="/account">
            Account
          </ShellLink>
          <ShellLink role="menuitem" href={`/auth/logout`}>
            Logout
          </ShellLink>
        </div>
      )}
    </div>
  );
}

import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { SessionView } from '@tunehouse/shell-contract';
import { colors, fonts, radius, zIndex } from '@tunehouse/ui';
import { ShellLink } from '../shell-link.js';

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
 * The user menu, with Account and Logout. It opens on click at once (it is a top-level menu, so no open delay)
 * and closes on Escape, a click outside, focus leaving it, or choosing an item.
 */
export function UserMenu({ session, pathname }: { session: SessionView; pathname: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div
      ref={root}
      css={css`
        position: relative;
      `}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        css={trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
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

import { css } from '@emotion/react';
import type { SessionView } from '@tunehouse/shell-contract';
import { colors, fonts, layout, mq, zIndex } from '@tunehouse/ui';
import { ShellLink } from '../shell-link.js';
import { MobileMenu } from './mobile-menu.js';
import { UserMenu, displayName } from './user-menu.js';
import { NAV_ITEMS, activeNavItem } from './nav-items.js';

const bar = css`
  position: sticky;
  top: 0;
  z-index: ${zIndex.header};
  height: ${layout.headerHeight};
  background: ${colors.paper};
  border-bottom: 1px solid ${colors.border};
  font-family: ${fonts.body};
`;
const inner = css`
  max-width: ${layout.maxWidth};
  height: 100%;
  margin: 0 auto;
  padding: 0 1rem;
  display: flex;
  align-items: center;
  gap: 1.5rem;
`;
const logo = css`
  font-weight: 800;
  font-size: 1.25rem;
  letter-spacing: -0.03em;
  color: ${colors.ink};
  text-decoration: none;
  span {
    color: ${colors.primary};
  }
`;
const nav = css`
  display: none;
  ${mq('tablet')} {
    display: flex;
  }
  gap: 0.25rem;
  overflow-x: auto;
  a {
    padding: 0.45rem 0.75rem;
    border-radius: 999px;
    color: ${colors.inkSoft};
    text-decoration: none;
    font-weight: 600;
    font-size: 0.95rem;
    white-space: nowrap;
  }
  a:hover {
    background: ${colors.surface};
    color: ${colors.ink};
  }
  a[aria-current='page'] {
    background: ${colors.ink};
    color: ${colors.paper};
  }
`;
const right = css`
  margin-left: auto;
  display: none;
  ${mq('tablet')} {
    display: flex;
  }
  align-items: center;
  gap: 1rem;
  a {
    color: ${colors.inkSoft};
    font-size: 0.95rem;
  }
`;

export function supportHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

export function Header({
  pathname,
  session,
  supportEmail,
}: {
  pathname: string;
  session: SessionView | null;
  supportEmail: string;
}) {
  const active = activeNavItem(pathname);
  return (
    <header css={bar}>
      <div css={inner}>
        <ShellLink href="/" css={logo} aria-label="Tunehouse home">
          tune<span>house</span>
        </ShellLink>
        <nav css={nav} aria-label="Main">
          {NAV_ITEMS.map((item) => (
            <ShellLink key={item.href} href={item.href} aria-current={item === active ? 'page' : undefined}>
              {item.label}
            </ShellLink>
          ))}
        </nav>
        <div css={right}>
          <a href={supportHref(supportEmail)}>Support</a>
          {session?.isAuthenticated ? (
            <UserMenu session={session} pathname={pathname} />
          ) : (
            <ShellLink href="/auth/login">Log in</ShellLink>
          )}
        </div>
        <MobileMenu
          items={NAV_ITEMS}
          active={active}
          pathname={pathname}
          supportHref={supportHref(supportEmail)}
          userName={session?.isAuthenticated ? displayName(session) : null}
        />
      </div>
    </header>
  );
}

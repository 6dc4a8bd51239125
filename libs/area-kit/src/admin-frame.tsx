import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';
import { Notice, Page, tabBarStyle } from '@tunehouse/ui';
import { useSession } from './impersonation.js';
import { useIsCurrent } from './routing.js';
import { ShellLink } from './shell-link.js';
import { useShell } from './shell-react-context.js';
import { usePageMeta } from './use-page-meta.js';

/** The signed-in user with what only they see (admin role, e-mail verified, second step). */
export function currentUserQuery(api: ShellContext['api'], userId: string | number | undefined) {
  return queryOptions({
    queryKey: ['users', 'me', userId] as const,
    queryFn: ({ signal }) => call(api, endpoints.users.me, {}, { signal }),
    enabled: userId !== undefined,
  });
}

/**
 * The admin sections, each at a URL of its own so an admin can keep one open or link to it. They are rendered by
 * the area that owns their concept (periods by wallet, reports by analytics, the rest by auth), so the tab bar
 * crosses areas: a tab is a ShellLink, and the shell mounts the area behind it.
 */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Users', end: true },
  { to: '/admin/reviews', label: 'Content review' },
  { to: '/admin/payment-methods', label: 'Bank accounts' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/periods', label: 'Periods' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/api-keys', label: 'API keys' },
  { to: '/admin/operations', label: 'Operations' },
] as const;

/**
 * The frame of every admin page, whichever area renders it: the Admin title, the guard and the tab bar. Only a
 * Tunehouse admin in their own session sees the section; anyone else — an admin viewing the product as a user
 * included (docs/decisions/0071-admin-session-stays-in-its-cookie.md) — gets a notice and nothing of it. The role
 * is the server's to say, and it checks it again on every admin call.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  usePageMeta('Admin');
  const shell = useShell();
  const session = useSession();
  const me = useQuery(currentUserQuery(shell.api, session?.user.id));
  const isAdmin = me.data?.isAdmin === true && !session?.adminEmail;

  if (me.isPending)
    return (
      <Page title="Admin">
        <p role="status">Loading…</p>
      </Page>
    );
  if (!isAdmin)
    return (
      <Page title="Admin">
        <Notice tone="error">This page is for Tunehouse admins.</Notice>
      </Page>
    );
  return (
    <Page title="Admin">
      <nav css={tabBarStyle} aria-label="Admin sections">
        {ADMIN_SECTIONS.map((section) => (
          <AdminTab key={section.to} to={section.to} end={'end' in section} label={section.label} />
        ))}
      </nav>
      {children}
    </Page>
  );
}

/** One tab: current while the address is at its section or below it. */
function AdminTab({ to, end, label }: { to: string; end: boolean; label: string }) {
  return (
    <ShellLink to={to} aria-current={useIsCurrent(to, end) ? 'page' : undefined}>
      {label}
    </ShellLink>
  );
}

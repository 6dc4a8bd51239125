import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ApiRequest, SessionView, ShellContext } from '@tunehouse/shell-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminFrame } from './admin-frame.js';
import { AreaRoot } from './create-area.js';

const user = { id: 'u-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const me = (isAdmin: boolean) => ({
  ...user,
  createdAt: '2024-01-02T10:00:00.000Z',
  account: { id: 'a-1', country: 'GB', city: 'London', verifiedAt: null, suspendedAt: null },
  isAdmin,
  emailVerified: true,
  secondStep: 'none',
});

/** A shell whose session is `session` and whose GET /v1/users/me answers `isAdmin`. */
function shellWith(session: SessionView, isAdmin: boolean): ShellContext {
  return {
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    config: { supportEmail: 'support@example.test' },
    navigate: () => undefined,
    setPageMeta: () => undefined,
    session: { current: () => session, subscribe: () => () => undefined },
    api: {
      request: async (request: ApiRequest<unknown>) => {
        if (request.path === '/v1/users/me') return me(isAdmin);
        throw new Error(`unplanned ${request.method} ${request.path}`);
      },
    },
  } as unknown as ShellContext;
}

const signedIn: SessionView = {
  user,
  isAuthenticated: true,
  isAdmin: false,
  isSuspended: false,
  isChallenged: false,
} as SessionView;

function showAt(url: string, shell: ShellContext) {
  window.history.replaceState(null, '', url);
  const area = {
    name: 'probe',
    shellRange: '^1.0.0',
    routes: [{ path: '/admin/periods', element: <AdminFrame>the periods</AdminFrame> }],
  };
  render(<AreaRoot shell={shell} area={area} />);
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('the admin frame', () => {
  it('shows an admin the section under the tab bar, with its own tab current', async () => {
    showAt('/admin/periods', shellWith(signedIn, true));
    expect(await screen.findByText('the periods')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = [...tabs.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual([
      'Users',
      'Content review',
      'Bank accounts',
      'Reports',
      'Periods',
      'Audit log',
      'API keys',
      'Operations',
    ]);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((l) => l.textContent),
    ).toEqual(['Periods']);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeTruthy();
  });

  it('tells a user who is not an admin the page is not theirs, and shows nothing of it', async () => {
    showAt('/admin/periods', shellWith(signedIn, false));
    expect(await screen.findByText('This page is for Tunehouse admins.')).toBeTruthy();
    expect(screen.queryByText('the periods')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
  });

  it('keeps an admin viewing the product as a user out (docs/decisions/0071-admin-session-stays-in-its-cookie.md)', async () => {
    showAt('/admin/periods', shellWith({ ...signedIn, adminEmail: 'admin@example.com' }, true));
    expect(await screen.findByText('This page is for Tunehouse admins.')).toBeTruthy();
    expect(screen.queryByText('the periods')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen, within } from '@testing-library/dom';
import { demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { AdminAuditEvent, AdminUser, ImpersonationAuditEntry } from '@tunehouse/contracts';
import { area } from '../area.js';
import { ADMIN_USER } from '../testing/users.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const USER: AdminUser = {
  id: '0b9f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4',
  email: 'mara@demo.tunehouse.local',
  firstName: 'Mara',
  lastName: 'Lindqvist',
  createdAt: '2026-11-23T12:00:00.000Z',
  account: { id: 'acc-9', country: 'SE', city: 'Malmö', verifiedAt: null, suspendedAt: null },
  isAdmin: false,
  secondStep: 'none',
};

const AUDIT: ImpersonationAuditEntry = {
  id: '9d4b2a10-6c1e-4f7a-9b3c-2e5d8f0a1b2c',
  admin: { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', email: 'ada@example.com' },
  user: { id: USER.id as string, email: USER.email, firstName: 'Mara', lastName: 'Lindqvist' },
  startedAt: '2026-11-22T12:15:00.000Z',
  expiresAt: '2026-11-22T13:15:00.000Z',
  endedAt: null,
};

describe('admin users', () => {
  it('shows dates in the spec’s dd-MM-yyyy format, with the time where it matters', async () => {
    const rendered = await renderAreaRoute(area, '/admin', {
      session: { ...demoSessionView, isAdmin: true },
      respond: (request) => {
        if (request.path === '/v1/users/me') return ADMIN_USER;
        if (request.path === '/v1/admin/users')
          return { items: [USER], currentOffset: 0, size: 25, totalItems: 1 };
        if (request.path === '/v1/admin/impersonations')
          return { items: [AUDIT], currentOffset: 0, size: 10, totalItems: 1 };
        throw new Error(`unplanned ${request.method} ${request.path}`);
      },
    });
    cleanup = rendered.unmount;
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
    const users = await screen.findByRole('table', { name: 'Users' });
    const row = within(users).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[2]!.textContent).toBe('23-11-2026');
    expect(await screen.findByText(/^22-11-2026 \d\d:\d5$/)).toBeTruthy();
  });
});

describe('admin audit log', () => {
  it('lists each admin change with what was called on which id, newest first', async () => {
    const event: AdminAuditEvent = {
      id: '7',
      at: '2026-11-24T09:05:00.000Z',
      adminId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      adminEmail: 'ada@example.com',
      action: 'Suspend the user’s account',
      method: 'POST',
      route: '/v1/admin/users/:id/suspend',
      params: { id: USER.id as string },
      status: 200,
      impersonatedUserId: null,
      impersonatedUserEmail: null,
    };
    const rendered = await renderAreaRoute(area, '/admin/audit', {
      session: { ...demoSessionView, isAdmin: true },
      respond: (request) => {
        if (request.path === '/v1/users/me') return ADMIN_USER;
        if (request.path === '/v1/admin/audit')
          return { items: [event], currentOffset: 0, size: 25, totalItems: 1 };
        throw new Error(`unplanned ${request.method} ${request.path}`);
      },
    });
    cleanup = rendered.unmount;
    const table = await screen.findByRole('table', { name: 'Admin actions' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^24-11-2026 \d\d:05$/),
      'ada@example.com',
      'Suspend the user’s account',
      `POST /v1/admin/users/${USER.id}/suspend`,
    ]);
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/dom';
import { demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { AdminHolderReviewItem } from '@tunehouse/contracts';
import { area } from '../area.js';
import { ADMIN_USER } from '../testing/users.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const ITEM: AdminHolderReviewItem = {
  id: '44444444-4444-4444-8444-444444444444',
  account: { id: 'acc-eve', email: 'eve@attacker.test' },
  holderName: 'Mara Lindqvist',
  verifiedName: 'eve Tester',
  maskedIban: 'DE•• •••• 3000',
  country: 'DE',
  holderReview: 'PENDING_REVIEW',
  createdAt: '2026-11-27T09:30:00.000Z',
  reviewedAt: null,
};

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}

describe('bank account holder review (decision 0062)', () => {
  it('lists the holder beside the verified name and rejects after confirmation; the queue refreshes', async () => {
    let queue = [ITEM];
    const decisions: string[] = [];
    const rendered = await renderAreaRoute(area, '/admin/payment-methods', {
      session: { ...demoSessionView, isAdmin: true },
      respond: async (request) => {
        if (request.path === '/v1/users/me') return ADMIN_USER;
        if (request.path === '/v1/admin/payment-methods')
          return { items: queue, currentOffset: 0, size: 20, totalItems: queue.length };
        if (request.method === 'POST' && request.path === `/v1/admin/payment-methods/${ITEM.id}/reject`) {
          decisions.push(request.path);
          queue = [];
          return { ...ITEM, holderReview: 'REJECTED', reviewedAt: '2026-11-27T10:00:00.000Z' };
        }
        throw new Error(`unplanned ${request.method} ${request.path}`);
      },
    });
    cleanup = rendered.unmount;
    const table = await screen.findByRole('table', { name: 'Bank accounts waiting for review' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of ['Mara Lindqvist', 'eve Tester', 'eve@attacker.test', 'DE•• •••• 3000'])
      expect(row.textContent).toContain(text);
    expect(screen.getByRole('link', { name: 'Bank accounts' }).getAttribute('aria-current')).toBe('page');

    await click(within(row).getByRole('button', { name: 'Reject DE•• •••• 3000 held by Mara Lindqvist' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this bank account?' });
    await click(within(dialog).getByRole('button', { name: 'Reject bank account' }));
    expect(decisions).toHaveLength(1);
    await screen.findByText('No bank account is waiting for review.');
  });
});

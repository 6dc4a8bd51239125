import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { AdminReviewItem, CurrentUser } from '@tunehouse/contracts';
import { area } from '../area.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const ADMIN: CurrentUser = {
  id: 'demo-user',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdAt: '2024-01-02T10:00:00.000Z',
  account: { id: 'demo-account', country: 'GB', city: 'London', verifiedAt: null, suspendedAt: null },
  isAdmin: true,
  emailVerified: true,
  secondStep: 'none',
};

const artist = (name: string, role: 'PRIMARY' | 'FEATURING') => ({
  id: `artist-${name}`,
  name,
  role,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const ITEM: AdminReviewItem = {
  album: {
    id: 'album-1',
    title: 'Harbour Lights',
    version: 'Deluxe',
    format: 'EP',
    primaryGenre: 'ELECTRONIC',
    barcode: '4006381333931',
    releaseDate: '2026-09-01',
    pLine: '2026 Mara Lindqvist',
    platforms: ['SPOTIFY', 'TIDAL'],
    territories: ['SE', 'NO'],
    artists: [artist('Mara Lindqvist', 'PRIMARY'), artist('Kofi Mensah', 'FEATURING')],
    artwork: {
      id: 'img-1',
      original: { url: 'http://api/img/original.png', size: 1, width: 3000, height: 3000, name: 'o.png' },
      thumbnail: { url: 'http://api/img/thumbnail.png', size: 1, width: 150, height: 150, name: 't.png' },
    },
  },
  account: { id: 'acc-9', email: 'mara@demo.tunehouse.local' },
  trackCount: 4,
  submittedAt: '2026-08-01T09:30:00.000Z',
};

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
async function click(name: string | RegExp, within_: HTMLElement = document.body) {
  await act(async () => {
    fireEvent.click(within(within_).getByRole('button', { name }));
  });
  await settle();
}

type Handler = (request: ApiRequest<unknown>) => unknown;

/** /admin/reviews with the queue in memory: a decision removes the release from it, as the API does. */
async function openQueue(items: AdminReviewItem[], handlers: Record<string, Handler> = {}) {
  let queue = items;
  const rendered = await renderAreaRoute(area, '/admin/reviews', {
    session: { ...demoSessionView, isAdmin: true },
    respond: async (request) => {
      const planned = handlers[`${request.method} ${request.path}`];
      if (planned) {
        const answer = await planned(request);
        queue = queue.filter((item) => !request.path.includes(`/${item.album.id}/`));
        return answer;
      }
      if (request.path === '/v1/users/me') return ADMIN;
      if (request.path === '/v1/admin/reviews')
        return { items: queue, currentOffset: 0, size: 20, totalItems: queue.length };
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  await settle();
  return rendered;
}

const dialog = (name: RegExp) => screen.getByRole('dialog', { name });

describe('content review', () => {
  it('lists the waiting releases, opens one, and accepts it after confirmation; the queue refreshes', async () => {
    const { record } = await openQueue([ITEM], {
      'POST /v1/admin/reviews/album-1/accept': () => ({
        albumId: 'album-1',
        reviewStatus: 'ACCEPTED',
        reviewReasons: [],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Releases waiting for review' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Harbour Lights (Deluxe)');
    expect(row.textContent).toContain('Mara Lindqvist, Kofi Mensah (feat.)');
    expect(row.textContent).toContain('mara@demo.tunehouse.local');
    expect(row.textContent).toContain('1 Sept 2026');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('http://api/img/thumbnail.png');
    expect(screen.getByRole('link', { name: 'Content review' }).getAttribute('aria-current')).toBe('page');

    await click('Review Harbour Lights (Deluxe)');
    const review = dialog(/Review “Harbour Lights/);
    expect(review.textContent).toContain('4006381333931');
    expect(review.textContent).toContain('Spotify');
    expect(review.textContent).toMatch(/Tracks\s*4/);

    await click('Accept…', review);
    const confirm = dialog(/Accept this release/);
    expect(confirm.textContent).toContain('2 platforms');
    expect(record.requests.some((request) => request.method === 'POST')).toBe(false);
    await click('Accept release', confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(record.requests.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/v1/admin/reviews/album-1/accept',
    ]);
    expect(record.toasts.at(-1)?.message).toMatch(/accepted/);
    expect(await screen.findByText(/No release is waiting for review/)).toBeTruthy();
  });

  it('rejects only with reasons, one per line, and shows the API’s refusal on the field', async () => {
    let attempts = 0;
    const { record } = await openQueue([ITEM], {
      'POST /v1/admin/reviews/album-1/reject': () => {
        attempts += 1;
        if (attempts === 1)
          throw Object.assign(new Error('Invalid request'), {
            status: 400,
            details: [{ path: ['body', 'reasons', 1], message: 'Too long' }],
          });
        return { albumId: 'album-1', reviewStatus: 'REJECTED', reviewReasons: ['Artwork is blurry'] };
      },
    });
    await click('Review Harbour Lights (Deluxe)');
    await click('Reject…', dialog(/Review/));
    // Nothing typed: the form says why and nothing is asked or sent.
    await click('Reject release…', dialog(/Review/));
    expect(screen.getByRole('alert').textContent).toMatch(/Say why the release is rejected/);
    expect(screen.queryByRole('dialog', { name: /Reject this release/ })).toBeNull();

    await act(async () => {
      fireEvent.input(screen.getByLabelText('Reasons for the artist'), {
        target: { value: 'Artwork is blurry\n\n  The label has no rights  \n' },
      });
    });
    await click('Reject release…', dialog(/Review/));
    const confirm = dialog(/Reject this release/);
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Artwork is blurry', 'The label has no rights']);
    await click('Reject release', confirm);

    // The API refused the second reason: the confirmation closes and the message is on the field.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Reject this release/ })).toBeNull());
    const field = screen.getByLabelText('Reasons for the artist');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Reason 2: Too long');
    expect((field as HTMLTextAreaElement).value).toContain('The label has no rights');

    await click('Reject release…', dialog(/Review/));
    await click('Reject release', dialog(/Reject this release/));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rejects = record.requests.filter((request) => request.path.endsWith('/reject'));
    expect(rejects.map((request) => request.body)).toEqual([
      { reasons: ['Artwork is blurry', 'The label has no rights'] },
      { reasons: ['Artwork is blurry', 'The label has no rights'] },
    ]);
    expect(await screen.findByText(/No release is waiting for review/)).toBeTruthy();
  });

  it('keeps the confirmation open with the message when the release was already decided (409)', async () => {
    await openQueue([ITEM], {
      'POST /v1/admin/reviews/album-1/accept': () => {
        throw Object.assign(new Error('The album is not waiting for review'), { status: 409 });
      },
    });
    await click('Review Harbour Lights (Deluxe)');
    await click('Accept…', dialog(/Review/));
    await click('Accept release', dialog(/Accept this release/));
    expect(dialog(/Accept this release/).textContent).toContain('The album is not waiting for review');
  });

  it('says so when nothing waits', async () => {
    await openQueue([]);
    expect(await screen.findByText(/No release is waiting for review/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

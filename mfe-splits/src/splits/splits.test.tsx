import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { apiError, choose, click, eventually } from '@tunehouse/testing';
import type { SplitInviteAnswer } from '@tunehouse/contracts';
import { ALBUM_ID, LEE, SPLIT_ID, maraSplit, open, page, summary, uuid } from '../testing/split-fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/splits', () => {
  it('lists my splits with their status, my share and earnings, filters by role and pages', async () => {
    const { requests } = await open('/splits', (request) => {
      if (request.path !== '/v1/splits') return undefined;
      const offset = Number(request.query?.offset ?? 0);
      return page(
        [
          summary(),
          summary({
            id: uuid(101),
            album: {
              id: 'a2',
              title: 'Low Tide',
              artistName: 'Kim Vos',
              coverUrl: 'https://img.test/low.jpg',
            },
            viewerRole: 'PARTICIPANT',
            viewerBasisPoints: 3_333,
            viewerEarnings: 5,
            pendingCount: 0,
          }),
        ],
        { totalItems: 30, currentOffset: offset, nextOffset: offset === 0 ? 25 : undefined },
      );
    });
    const table = await eventually(() => screen.getByRole('table', { name: 'Splits' }));
    expect(rowsOf(table)).toEqual([
      ['Release', 'Mine', 'Status', 'My share', 'My earnings so far'],
      ['Night DriveMara', 'Owner', 'Waiting for 1', '70.00 %', '€1,234.56'],
      ['Low TideKim Vos', 'Participant', 'All accepted', '33.33 %', '€0.05'],
    ]);
    expect(screen.getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe(
      `/splits/${SPLIT_ID}`,
    );
    expect(requests[0]?.query).toEqual({ offset: 0, size: 25 });

    await click('Next');
    await eventually(() => expect(requests.at(-1)?.query).toMatchObject({ offset: 25 }));
    await choose('Show', 'participant');
    await eventually(() =>
      expect(requests.at(-1)?.query).toEqual({ role: 'participant', offset: 0, size: 25 }),
    );
  });

  it('explains splits when there are none, with the way to the releases', async () => {
    const { record } = await open('/splits', (request) =>
      request.path === '/v1/splits' ? page([]) : undefined,
    );
    await eventually(() => screen.getByText('You have no splits yet.'));
    const releases = screen.getByRole('link', { name: 'Go to your releases' });
    expect(releases.getAttribute('href')).toBe('/albums');
    await click(releases, 'link');
    expect(record.navigations).toEqual(['/albums']);
  });
});

describe('/splits/{id}', () => {
  it('shows participants, track shares, recoupments and versions', async () => {
    await open(`/splits/${SPLIT_ID}`, (request) =>
      request.path === `/v1/splits/${SPLIT_ID}` ? maraSplit({ viewerRole: 'PARTICIPANT' }) : undefined,
    );
    const table = await eventually(() => screen.getByRole('table', { name: 'Participants of Night Drive' }));
    expect(rowsOf(table)).toEqual([
      ['Name', 'Role', 'Status', 'Share', 'Earnings', 'Held'],
      ['Mara Jansen (you)', 'Artist · owner', 'Accepted', '70.00 %', '€70.00', '€0.00'],
      ['Kim Vos', 'Producer', 'Accepted', '20.00 %', '€20.00', '€0.00'],
      ['lee@example.com', 'Co-writer', 'Pendinguntil 09-12-2026', '10.00 %', '€10.00', '€10.00'],
    ]);
    expect(screen.queryByRole('button', { name: /Re-send/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit split' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Tracks with their own shares' })).getByRole('listitem')
        .textContent,
    ).toBe('2. Night Drive: Mara Jansen 50.00 %, Kim Vos 50.00 %');
    expect(screen.getByText(/€125.00 of €500.00 repaid/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Mixing repaid' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Versions of the split of Night Drive' }))).toEqual([
      ['Version', 'Effective from', 'Shares'],
      [
        '2 (in force)',
        'November 2026',
        'Mara Jansen 70.00 %, Kim Vos 20.00 %, lee@example.com 10.00 % · 1 track with its own shares',
      ],
      ['1', 'September 2026', 'Mara Jansen 70.00 %, Kim Vos 30.00 %'],
    ]);
    const earnings = screen.getByRole('table', { name: 'Earnings per month of the split of Night Drive' });
    expect(rowsOf(earnings)).toEqual([
      ['Month', 'Mara Jansen (you)', 'Kim Vos'],
      ['October 2026', '€40.00', '€11.43'],
      ['September 2026', '€30.00', '€8.57'],
    ]);
    expect(within(earnings).getByRole('link', { name: 'October 2026' }).getAttribute('href')).toBe(
      `/wallet/periods/${uuid(301)}?bucket=release`,
    );
  });

  it('lets the owner re-send an invite (showing the new link) and revoke one, confirmed and keyed', async () => {
    let revokes = 0;
    const { requests, record } = await open(`/splits/${SPLIT_ID}`, (request) => {
      if (request.path === `/v1/splits/${SPLIT_ID}`) return maraSplit();
      if (request.path.endsWith(`/participants/${LEE}/resend`))
        return {
          participantId: LEE,
          email: 'lee@example.com',
          url: 'https://tunehouse.test/splits/?invite=fresh',
        };
      if (request.path.endsWith(`/participants/${LEE}/revoke`)) {
        revokes += 1;
        if (revokes === 1) throw new Error('Network request failed');
        return { status: 'REVOKED', splitId: SPLIT_ID, released: 10_00 } satisfies SplitInviteAnswer;
      }
      return undefined;
    });
    await eventually(() => screen.getByRole('button', { name: 'Re-send the invite to lee@example.com' }));
    expect(screen.queryByRole('button', { name: /invite to Kim Vos/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit split' }).getAttribute('href')).toBe(
      `/albums/${ALBUM_ID}/splits/edit`,
    );

    await click('Re-send the invite to lee@example.com');
    await eventually(() => screen.getByText('https://tunehouse.test/splits/?invite=fresh'));
    expect(screen.getByRole('button', { name: 'Copy invite link for lee@example.com' })).toBeTruthy();

    await click('Revoke the invite to lee@example.com');
    const dialog = screen.getByRole('dialog', { name: 'Revoke this invite?' });
    expect(within(dialog).getByText(/€10.00 held for them returns to your wallet/)).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Revoke invite' }));
    await eventually(() => within(screen.getByRole('dialog')).getByText(/We could not reach Tunehouse/));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke invite' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sent = requests.filter((request) => request.path.endsWith('/revoke'));
    expect(sent).toHaveLength(2);
    expect(sent[0]?.path).toBe(`/v1/splits/${SPLIT_ID}/participants/${LEE}/revoke`);
    expect(sent[0]?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.headers?.['idempotency-key']).toBe(sent[0]?.headers?.['idempotency-key']);
    expect(record.toasts.at(-1)?.message).toBe(
      'The invite to lee@example.com is revoked; €10.00 returned to your wallet.',
    );
  });
  it('shows the error page for a split that is not the user’s', async () => {
    const { record } = await open(`/splits/${SPLIT_ID}`, (request) => {
      if (request.path === `/v1/splits/${SPLIT_ID}`) throw apiError(404, 'Split not found');
      return undefined;
    });
    await eventually(() =>
      expect(record.events).toContainEqual({
        name: 'page:error',
        properties: { status: 404, detail: 'Split not found' },
      }),
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Split' })).toBeNull();
  });
});

describe('/splits/{id}/split and /albums/{id}/splits', () => {
  it('shows every track’s shares per participant', async () => {
    await open(`/splits/${SPLIT_ID}/split`, (request) =>
      request.path === `/v1/splits/${SPLIT_ID}` ? maraSplit() : undefined,
    );
    const table = await eventually(() => screen.getByRole('table', { name: 'Shares by track, version 2' }));
    expect(rowsOf(table)).toEqual([
      ['Track', 'Mara Jansen', 'Kim Vos', 'lee@example.com'],
      ['1. Intro', '70.00 %', '20.00 %', '10.00 %'],
      ['2. Night Drive · own shares', '50.00 %', '50.00 %', '0.00 %'],
    ]);
  });

  it('offers the owner of a release without a split to set one up', async () => {
    await open(`/albums/${ALBUM_ID}/splits`, (request) => {
      if (request.path === `/v1/albums/${ALBUM_ID}/splits`)
        return { albumId: ALBUM_ID, split: null, nextEffectiveFrom: '2026-12-01', takenDownAt: null };
      if (request.path === `/v1/albums/${ALBUM_ID}`)
        return { id: ALBUM_ID, title: 'Night Drive', tracks: [], links: [] };
      return undefined;
    });
    await eventually(() => screen.getByText('No split yet — you keep 100 % of this release’s royalties.'));
    expect(screen.getByRole('link', { name: 'Set up a split' }).getAttribute('href')).toBe(
      `/albums/${ALBUM_ID}/splits/edit`,
    );
    await eventually(() => screen.getByText('Night Drive'));
  });

  it('shows a release’s split read-only, with the way to edit it for the owner', async () => {
    await open(`/albums/${ALBUM_ID}/splits`, (request) =>
      request.path === `/v1/albums/${ALBUM_ID}/splits`
        ? { albumId: ALBUM_ID, split: maraSplit(), nextEffectiveFrom: '2026-12-01', takenDownAt: null }
        : undefined,
    );
    await eventually(() => screen.getByRole('table', { name: 'Participants of Night Drive' }));
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit split' }).getAttribute('href')).toBe(
      `/albums/${ALBUM_ID}/splits/edit`,
    );
  });
});

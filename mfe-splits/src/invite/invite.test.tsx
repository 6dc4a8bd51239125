import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { apiError, click, eventually } from '@tunehouse/testing';
import type { SplitInvite, SplitInviteAnswer } from '@tunehouse/contracts';
import { LEE, SPLIT_ID, album, maraSplit, open } from '../testing/split-fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const CODE = 'c0de-c0de-c0de-c0de-c0de';
const INVITE_PATH = `/v1/splits/invites/${CODE}`;

const invite = (overrides: Partial<SplitInvite> = {}): SplitInvite => ({
  splitId: SPLIT_ID,
  participantId: LEE,
  album,
  tracks: [
    { id: 't1', title: 'Intro', position: 1, basisPoints: 1_000 },
    { id: 't2', title: 'Night Drive', position: 2, basisPoints: 2_500 },
  ],
  ownerName: 'Mara Jansen',
  role: 'Co-writer',
  basisPoints: 1_000,
  effectiveFrom: '2026-11-01',
  status: 'PENDING',
  expiresAt: '2026-12-09T10:00:00.000Z',
  expired: false,
  held: 12_34,
  ...overrides,
});

const accepted: SplitInviteAnswer = { status: 'ACCEPTED', splitId: SPLIT_ID, released: 12_34 };

describe('/splits/?invite={code}', () => {
  it('shows the offer and accepts it once, with the same idempotency key when the first try got no answer', async () => {
    let attempts = 0;
    const { requests, record } = await open(`/splits/?invite=${CODE}`, (request) => {
      if (request.path === INVITE_PATH) return invite();
      if (request.path === `${INVITE_PATH}/accept`) {
        attempts += 1;
        if (attempts === 1) throw new Error('Network request failed');
        return accepted;
      }
      if (request.path === `/v1/splits/${SPLIT_ID}`) return maraSplit({ viewerRole: 'PARTICIPANT' });
      return undefined;
    });
    const offer = await eventually(() => screen.getByRole('region', { name: 'You are invited to a split' }));
    expect(within(offer).getByText(/Mara Jansen invites you to share the royalties of/).textContent).toBe(
      'Mara Jansen invites you to share the royalties of Night Drive as Co-writer.',
    );
    const facts = [...offer.querySelectorAll('dt, dd')].map((cell) => cell.textContent);
    expect(facts).toEqual([
      'Your share',
      '10.00 %',
      'Takes effect from',
      'November 2026',
      'Already held for you',
      '€12.34',
      'Answer before',
      '09-12-2026',
    ]);
    // Track 2 differs from the release-wide share, so every track's share is listed.
    const tracks = within(offer).getByRole('table', { name: 'Your share per track' });
    expect(
      within(tracks)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TrackYour share', '1. Intro10.00 %', '2. Night Drive25.00 %']);

    await click('Accept');
    await eventually(() => screen.getByText(/We could not reach Tunehouse/));
    await click('Accept');
    await eventually(() => expect(window.location.pathname).toBe(`/splits/${SPLIT_ID}`));

    const answers = requests.filter((request) => request.path === `${INVITE_PATH}/accept`);
    expect(answers).toHaveLength(2);
    expect(answers[0]?.method).toBe('POST');
    const key = answers[0]?.headers?.['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(answers[1]?.headers?.['idempotency-key']).toBe(key);
    expect(record.toasts.map((toast) => toast.message)).toEqual([
      'You are on the split of Night Drive; €12.34 moved to your wallet.',
    ]);
    await eventually(() => screen.getByRole('table', { name: 'Participants of Night Drive' }));
  });

  it('asks before declining, and declines with a key of its own', async () => {
    let declined = false;
    const { requests } = await open(`/splits/?invite=${CODE}`, (request) => {
      if (request.path === INVITE_PATH)
        return declined
          ? invite({ status: 'DECLINED' })
          : invite({ tracks: [{ id: 't1', title: 'Intro', position: 1, basisPoints: 1_000 }] });
      if (request.path === `${INVITE_PATH}/decline`) {
        declined = true;
        return { ...accepted, status: 'DECLINED', released: 0 };
      }
      return undefined;
    });
    await eventually(() => screen.getByText('The same share of every track.'));
    await click('Decline');
    const dialog = screen.getByRole('dialog', { name: 'Decline this split?' });
    expect(
      within(dialog).getByText(/Your 10.00 % goes back to Mara Jansen, with the €12.34 held for you/),
    ).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.path.endsWith('/decline'))).toBe(false);

    await click('Decline');
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Decline' }));
    await eventually(() => screen.getByText('This invite was declined; it can no longer be accepted.'));
    const answers = requests.filter((request) => request.path === `${INVITE_PATH}/decline`);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('says so when the invite expired, and when the link does not work', async () => {
    await open(`/splits/?invite=${CODE}`, (request) =>
      request.path === INVITE_PATH ? invite({ expired: true }) : undefined,
    );
    await eventually(() =>
      screen.getByText('This invite expired on 09-12-2026. Ask Mara Jansen to send you a new one.'),
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('explains a link that does not work', async () => {
    await open(`/splits/?invite=${CODE}`, (request) => {
      if (request.path === INVITE_PATH) throw apiError(404, 'Not found');
      return undefined;
    });
    await eventually(() => screen.getByText(/This invite link does not work/));
  });

  it('shows the invitee why an answer came too late', async () => {
    let answered = false;
    await open(`/splits/?invite=${CODE}`, (request) => {
      if (request.path === INVITE_PATH) return answered ? invite({ expired: true }) : invite();
      if (request.path === `${INVITE_PATH}/accept`) {
        answered = true;
        throw apiError(409, 'This invite has expired');
      }
      return undefined;
    });
    await eventually(() => screen.getByRole('button', { name: 'Accept' }));
    await click('Accept');
    await eventually(() => screen.getByText(/This invite expired on 09-12-2026/));
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

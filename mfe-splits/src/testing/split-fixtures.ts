import { afterEach } from 'vitest';
import { areaHarness, plannedAnswers } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import {
  endpoints,
  type Split,
  type SplitParticipant,
  type SplitSummary,
  type Wallet,
} from '@tunehouse/contracts';
import { area } from '../area.js';

/** A valid (version 4) UUID numbered `n`, so fixtures read as "participant 2". */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const SPLIT_ID = uuid(100);
export const ALBUM_ID = '8b1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';
export const OWNER = uuid(1);
export const KIM = uuid(2);
export const LEE = uuid(3);

export const wallet: Wallet = {
  available: 0,
  held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
  currency: 'EUR',
  lastClosedPeriod: null,
  lifetimeEarnings: 0,
};

export const album = { id: ALBUM_ID, title: 'Night Drive', artistName: 'Mara', coverUrl: null };

export function participant(overrides: Partial<SplitParticipant>): SplitParticipant {
  return {
    id: OWNER,
    isOwner: false,
    name: null,
    email: null,
    role: 'Producer',
    status: 'ACCEPTED',
    basisPoints: 0,
    earnings: 0,
    held: 0,
    inviteExpiresAt: null,
    isViewer: false,
    invitesOptedOut: false,
    ...overrides,
  };
}

/** Mara's split of Night Drive: she keeps 70 %, Kim (accepted) 20 %, Lee (invited) 10 %; track 2 is 50/50. */
export function maraSplit(overrides: Partial<Split> = {}): Split {
  return {
    id: SPLIT_ID,
    album,
    tracks: [
      { id: 't1', title: 'Intro', position: 1 },
      { id: 't2', title: 'Night Drive', position: 2 },
    ],
    viewerRole: 'OWNER',
    participants: [
      participant({
        id: OWNER,
        isOwner: true,
        name: 'Mara Jansen',
        email: 'mara@example.com',
        role: 'Artist',
        basisPoints: 7_000,
        earnings: 70_00,
        isViewer: true,
      }),
      participant({
        id: KIM,
        name: 'Kim Vos',
        email: 'kim@example.com',
        basisPoints: 2_000,
        earnings: 20_00,
      }),
      participant({
        id: LEE,
        email: 'lee@example.com',
        role: 'Co-writer',
        status: 'PENDING',
        basisPoints: 1_000,
        earnings: 10_00,
        held: 10_00,
        inviteExpiresAt: '2026-12-09T10:00:00.000Z',
      }),
    ],
    currentVersion: 2,
    versions: [
      {
        number: 2,
        effectiveFrom: '2026-11-01',
        createdAt: '2026-11-02T10:00:00.000Z',
        shares: [
          { participantId: KIM, trackId: null, basisPoints: 2_000 },
          { participantId: LEE, trackId: null, basisPoints: 1_000 },
          { participantId: KIM, trackId: 't2', basisPoints: 5_000 },
        ],
      },
      {
        number: 1,
        effectiveFrom: '2026-09-01',
        createdAt: '2026-09-02T10:00:00.000Z',
        shares: [{ participantId: KIM, trackId: null, basisPoints: 3_000 }],
      },
    ],
    recoupments: [
      { id: uuid(200), label: 'Mixing', paidByParticipantId: KIM, amount: 500_00, repaid: 125_00 },
    ],
    earningsByPeriod: [
      { periodId: uuid(301), month: '2026-10', participantId: OWNER, amount: 40_00 },
      { periodId: uuid(301), month: '2026-10', participantId: KIM, amount: 11_43 },
      { periodId: uuid(300), month: '2026-09', participantId: OWNER, amount: 30_00 },
      { periodId: uuid(300), month: '2026-09', participantId: KIM, amount: 8_57 },
    ],
    nextEffectiveFrom: '2026-12-01',
    ...overrides,
  };
}

export function summary(overrides: Partial<SplitSummary> = {}): SplitSummary {
  return {
    id: SPLIT_ID,
    album,
    viewerRole: 'OWNER',
    viewerBasisPoints: 7_000,
    viewerStatus: 'ACCEPTED',
    viewerEarnings: 1_234_56,
    participantCount: 3,
    pendingCount: 1,
    effectiveFrom: '2026-11-01',
    ...overrides,
  };
}

export const page = <Item>(items: Item[], extra: object = {}) => ({
  items,
  currentOffset: 0,
  size: 25,
  totalItems: items.length,
  ...extra,
});

type Responder = (request: ApiRequest<unknown>) => unknown;

const harness = areaHarness(area);
afterEach(harness.unmountArea);

/**
 * Opens a route of the area under a fake shell whose API answers with `respond` (the wallet, for the currency,
 * unless `respond` answers it); every request is recorded, and an unplanned one fails the test.
 */
export async function open(url: string, respond: Responder) {
  const { record } = await harness.open(url, {
    respond: plannedAnswers((request) => {
      const answer = respond(request);
      return answer === undefined && request.path === endpoints.wallet.get.path ? wallet : answer;
    }),
  });
  return { requests: record.requests, record };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldKey, walletKey } from '../ledger/index.js';
import { type Beneficiary, divideOwnerShare } from './divide.js';
import { versionOn } from './versions.js';

const OWNER = '00000000-0000-4000-8000-000000000000';
const ownerKey = walletKey(OWNER);
const status = fc.constantFrom('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED') as fc.Arbitrary<
  Beneficiary['status']
>;

/** Up to 49 others with shares of at least 1 basis point, summing to at most 10,000; the owner holds the rest. */
const shares = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 10_000 }), status), { minLength: 0, maxLength: 49 })
  .map((others) => {
    let left = 10_000;
    const rows: { participant: Beneficiary; basisPoints: number }[] = [];
    others.forEach(([basisPoints, answer], index) => {
      const taken = Math.min(basisPoints, left);
      if (taken === 0) return;
      left -= taken;
      const id = `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
      rows.push({
        participant: { id, status: answer, accountId: answer === 'PENDING' ? null : id },
        basisPoints: taken,
      });
    });
    return [
      { participant: { id: OWNER, status: 'ACCEPTED' as const, accountId: OWNER }, basisPoints: left },
      ...rows,
    ];
  });

const recoupments = fc.array(
  fc.record({ outstanding: fc.bigInt({ min: 1n, max: 10n ** 10n }), payer: fc.nat({ max: 3 }) }),
  { maxLength: 4 },
);

describe('divideOwnerShare', () => {
  it('sums exactly, keeps each part within a micro-unit of its share, and never over-repays', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), shares, recoupments, (amount, rows, costs) => {
        const outstanding = costs.map((cost, index) => ({
          id: `r${index}`,
          outstandingMicro: cost.outstanding,
          payer: rows[Math.min(cost.payer, rows.length - 1)]!.participant,
        }));
        const { parts, repaid } = divideOwnerShare({
          amountMicro: amount,
          ownerKey,
          shares: rows,
          recoupments: outstanding,
        });
        expect(parts.reduce((sum, part) => sum + part.amountMicro, 0n)).toBe(amount);
        expect(parts.every((part) => part.amountMicro >= 0n)).toBe(true);

        // Recoupments in order, each up to what is left of it, never more than the share.
        let rest = amount;
        for (const cost of outstanding) {
          const expected = cost.outstandingMicro < rest ? cost.outstandingMicro : rest;
          const got = repaid.find((entry) => entry.id === cost.id)?.amountMicro ?? 0n;
          expect(got).toBe(expected);
          expect(got <= cost.outstandingMicro).toBe(true);
          rest -= got;
        }
        // The shares' parts: the last rows.length parts, each within one micro-unit of rest * bp / 10,000.
        const shareParts = parts.slice(parts.length - rows.length);
        shareParts.forEach((part, index) => {
          const exactTimesWhole = rest * BigInt(rows[index]!.basisPoints);
          const diff = part.amountMicro * 10_000n - exactTimesWhole;
          expect(diff < 10_000n && diff > -10_000n).toBe(true);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('pays an answer where it points: accepted to the wallet, pending held, declined and revoked to the owner', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), shares, (amount, rows) => {
        const { parts } = divideOwnerShare({ amountMicro: amount, ownerKey, shares: rows, recoupments: [] });
        rows.forEach((row, index) => {
          const { participant } = row;
          const expected =
            participant.status === 'PENDING'
              ? heldKey(participant.id)
              : participant.status === 'ACCEPTED'
                ? walletKey(participant.accountId!)
                : ownerKey;
          expect(parts[index]!.beneficiaryKey).toBe(expected);
        });
      }),
    );
  });
});

describe('versionOn', () => {
  const month = fc
    .integer({ min: 0, max: 35 })
    .map((n) => `${2024 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01`);

  it('is the highest-numbered version starting on or before the day', () => {
    fc.assert(
      fc.property(fc.array(month, { minLength: 1, maxLength: 8 }), month, (starts, day) => {
        const versions = starts.map((effectiveFrom, index) => ({ number: index + 1, effectiveFrom }));
        const found = versionOn(versions, day);
        const eligible = versions.filter((version) => version.effectiveFrom <= day);
        if (eligible.length === 0) expect(found).toBeUndefined();
        else expect(found?.number).toBe(Math.max(...eligible.map((version) => version.number)));
        // A later version never changes the months before its start.
        const later = [...versions, { number: versions.length + 1, effectiveFrom: '2099-01-01' }];
        expect(versionOn(later, day)).toEqual(found);
      }),
    );
  });
});

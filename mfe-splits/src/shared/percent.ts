import { BASIS_POINTS_WHOLE } from '@tunehouse/contracts';

// Up to three whole digits and at most two decimals, with a point or a comma; an optional % sign after it.
const PERCENT = /^(\d{0,3})(?:[.,](\d{1,2}))?\s*%?$/;

/**
 * A percentage as typed ("33.33", "5", "12,5", "0.01 %") in basis points, read digit by digit so no float rounding
 * can move it: "33.33" → 3333. Null when it is not a number with at most two decimals. Values above 100 % are
 * answered as they are, so the form can say what is wrong with them.
 */
export function percentToBasisPoints(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction] = match;
  if (whole === '' && fraction === undefined) return null;
  return Number(whole || '0') * 100 + Number((fraction ?? '').padEnd(2, '0'));
}

/** Basis points as a percentage with two decimals, for a form field: 3333 → "33.33". */
export function basisPointsToPercentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = Math.abs(basisPoints % 100);
  return `${basisPoints < 0 && whole === 0 ? '-' : ''}${whole}.${String(fraction).padStart(2, '0')}`;
}

/** Basis points as the screen shows a share: 3333 → "33.33 %". */
export const formatShare = (basisPoints: number) => `${basisPointsToPercentText(basisPoints)} %`;

/** What is left of the whole after the others' shares (negative when they add up to more than 100 %). */
export const remainderOf = (shares: readonly number[]) =>
  shares.reduce((left, share) => left - share, BASIS_POINTS_WHOLE);

const counts = new Intl.NumberFormat('en-GB');
const percents = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

/** A stream count: 12,345. */
export function formatCount(value: number): string {
  return counts.format(value);
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

/** Which way a change went; `none` when there was nothing to compare with (change absent). */
export function changeDirection(change: number | null | undefined): ChangeDirection {
  if (change === null || change === undefined) return 'none';
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}

/** The size of a change as a percentage without its sign (the direction says it): 0.125 → 12.5%. */
export function formatChangeSize(change: number): string {
  return percents.format(Math.abs(change));
}

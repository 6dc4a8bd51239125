/**
 * Counts in the exports, exactly as integers, grouped with commas when asked. Money is written by the contracts'
 * money module (centsToDecimal, microToDecimal), so the exports' figures add up to their totals to the last digit.
 */
export const countText = (count: number, grouped = false): string =>
  grouped ? String(count).replace(/\B(?=(\d{3})+$)/g, ',') : String(count);

import { MICRO_UNITS_PER_MINOR_UNIT } from '@tunehouse/contracts';

/**
 * Integer amounts written as decimals of the currency, exactly (string digits, no floating point), with a dot before
 * the fraction: the exports' figures add up to their totals to the last digit.
 */

/** `amount` with `places` decimals: -1234, 2 → "-12.34"; `grouped` puts commas between thousands. */
function decimal(amount: number, places: number, grouped: boolean): string {
  const digits = String(Math.abs(amount)).padStart(places + 1, '0');
  const whole = digits.slice(0, -places);
  const sign = amount < 0 ? '-' : '';
  return `${sign}${grouped ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole}.${digits.slice(-places)}`;
}

const MICRO_PLACES = 2 + Math.round(Math.log10(MICRO_UNITS_PER_MINOR_UNIT));

/** Cents with two decimals: 123456 → "1234.56" (grouped: "1,234.56"). */
export const centsText = (cents: number, grouped = false): string => decimal(cents, 2, grouped);

/** Micro-units (millionths of the currency) with six decimals, so no fraction of a cent is rounded away. */
export const microText = (micro: number, grouped = false): string => decimal(micro, MICRO_PLACES, grouped);

export const countText = (count: number, grouped = false): string =>
  grouped ? String(count).replace(/\B(?=(\d{3})+$)/g, ',') : String(count);

import { MICRO_UNITS_PER_MINOR_UNIT } from './quantities.js';

/**
 * The one place amounts become text and text becomes amounts (docs/decisions/0072-one-money-module.md). Amounts are
 * integers of minor units (cents) or micro-units; every conversion here works on their digits, never through a
 * floating-point division, so what a statement, a PDF, a provider or a form shows adds up to the last digit.
 */

/** Decimal places of a minor unit (cents): every currency the platform pays in has two. */
const MINOR_PLACES = 2;
/** Decimal places of a micro-unit amount: the minor unit's two plus the micro-units per minor unit. */
const MICRO_PLACES = MINOR_PLACES + Math.round(Math.log10(MICRO_UNITS_PER_MINOR_UNIT));

const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ',');

/** `amount` written with `places` decimals from its digits: -1234, 2 → "-12.34". */
function decimal(amount: number | bigint, places: number, grouped: boolean): string {
  const negative = amount < 0;
  const digits = String(negative ? -amount : amount).padStart(places + 1, '0');
  const whole = digits.slice(0, -places);
  return `${negative ? '-' : ''}${grouped ? groupThousands(whole) : whole}.${digits.slice(-places)}`;
}

/** Cents as the plain decimal of the currency: 123456 → "1234.56", grouped → "1,234.56", -5 → "-0.05". */
export function centsToDecimal(cents: number | bigint, options: { grouped?: boolean } = {}): string {
  return decimal(cents, MINOR_PLACES, options.grouped ?? false);
}

/** Micro-units with all six decimals, so no fraction of a cent is rounded away: 1 → "0.000001". */
export function microToDecimal(micro: number | bigint, options: { grouped?: boolean } = {}): string {
  return decimal(micro, MICRO_PLACES, options.grouped ?? false);
}

const moneyFormatters = /*#__PURE__*/ new Map<string, Intl.NumberFormat>();

/** Cents as money for people, in the currency: 123456, 'EUR' → "€1,234.56"; -500 → "-€5.00". */
export function formatMoney(cents: number | bigint, currency: string): string {
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    moneyFormatters.set(currency, formatter);
  }
  // A decimal string is formatted exactly as written (Intl.NumberFormat v3), with no float in between.
  return formatter.format(centsToDecimal(cents) as Intl.StringNumericLiteral);
}

const priceFormatters = /*#__PURE__*/ new Map<string, Intl.NumberFormat>();

/**
 * Micro-units as a price per unit (a stream), keeping the fractions of a cent a per-stream price has: 3000, 'EUR'
 * → "€0.003"; 2500, 'EUR' → "€0.0025". At least three decimals, at most the six micro-units have.
 */
export function formatUnitPrice(micro: number | bigint, currency: string): string {
  let formatter = priceFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: 3,
      maximumFractionDigits: MICRO_PLACES,
    });
    priceFormatters.set(currency, formatter);
  }
  return formatter.format(microToDecimal(micro) as Intl.StringNumericLiteral);
}

// Whole units and at most two decimals, after the grouping commas are gone: "1234", "1234.5", "1234.56".
const PLAIN_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * An amount a person typed, in whole units with up to two decimals, as cents; null when it is not one. A comma
 * followed by one or two digits at the end is a decimal comma ("12,50"); other commas group thousands
 * ("1,234.56"). Spaces are ignored.
 */
export function parseMoney(text: string): number | null {
  let value = text.trim().replace(/\s+/g, '');
  if (/,\d{1,2}$/.test(value) && !value.includes('.')) value = value.replace(/,(\d{1,2})$/, '.$1');
  if (!/^\d{1,3}(,\d{3})*(\.\d*)?$|^\d+(\.\d*)?$/.test(value)) return null;
  const match = PLAIN_AMOUNT.exec(value.replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(MINOR_PLACES, '0'));
}

/** A share in basis points as people read it, trailing zeros dropped: 8500 → "85%", 3333 → "33.33%", 1250 → "12.5%". */
export function formatPercent(basisPoints: number): string {
  const written = decimal(basisPoints, 2, true).replace(/\.?0+$/, '');
  return `${written}%`;
}

/** The micro-units per cent as a bigint, for amounts summed past 2^53. */
export const MICRO_PER_CENT = /*#__PURE__*/ BigInt(MICRO_UNITS_PER_MINOR_UNIT);

/** Micro-units to whole cents, half a cent and up rounding up; amounts rounded here are never negative. */
export function microToCents(micro: bigint): bigint {
  if (micro < 0n) throw new RangeError('microToCents: negative amount');
  return (micro + MICRO_PER_CENT / 2n) / MICRO_PER_CENT;
}

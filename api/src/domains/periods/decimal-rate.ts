/**
 * Exchange rates as exact decimals (docs/decisions/0080-exchange-rate-tables.md): `digits / 10^scale`, bigint
 * throughout, never a float. A rate computed from a table (a quotient) keeps RATE_SIGNIFICANT_DIGITS significant
 * digits, rounded half up; a rate typed by hand in parts per billion is kept as typed.
 */
export type DecimalRate = { digits: bigint; scale: number };

/**
 * Significant digits kept of a computed rate: 12, so a yen, won or rupiah rate into EUR (0.0062…, 0.00065…,
 * 0.000058…) keeps as many digits as a dollar rate, where fixed parts per billion would keep 7, 6 or 5. A
 * conversion of a billion units is then off by less than a micro-unit per 2 units converted.
 */
export const RATE_SIGNIFICANT_DIGITS = 12;

const TEN = 10n;
const pow10 = (n: number) => TEN ** BigInt(n);

/** The shortest form: no trailing zeros after the point. */
function normalized(rate: DecimalRate): DecimalRate {
  let { digits, scale } = rate;
  while (scale > 0 && digits % TEN === 0n) {
    digits /= TEN;
    scale -= 1;
  }
  if (scale < 0) return { digits: digits * pow10(-scale), scale: 0 };
  return { digits, scale };
}

/** A plain positive decimal ("1.0834", "161.23", "0.000058") or null when the text is not one, or is zero. */
export function parseDecimalRate(text: string): DecimalRate | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const rate = normalized({ digits: BigInt(match[1]! + fraction), scale: fraction.length });
  return rate.digits > 0n ? rate : null;
}

/** The decimal as text ("0.00620231966259"). */
export function formatDecimalRate(rate: DecimalRate): string {
  const { digits, scale } = normalized(rate);
  if (scale === 0) return digits.toString();
  const text = digits.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

export const rateFromPpb = (ppb: bigint): DecimalRate => normalized({ digits: ppb, scale: 9 });

/** The rate in whole parts per billion, half up, at least 1 (what the hand-entry field shows). */
export function ratePpbOf(rate: DecimalRate): bigint {
  const numerator = rate.digits * pow10(9);
  const denominator = pow10(rate.scale);
  const ppb = (numerator + denominator / 2n) / denominator;
  return ppb > 0n ? ppb : 1n;
}

const digitCount = (value: bigint) => value.toString().length;

/** `numerator / denominator` rounded half up to `significant` significant digits. */
export function divideToSignificant(
  numerator: DecimalRate,
  denominator: DecimalRate,
  significant = RATE_SIGNIFICANT_DIGITS,
): DecimalRate {
  // n / d = numerator / denominator exactly, both integers.
  const n = numerator.digits * pow10(denominator.scale);
  const d = denominator.digits * pow10(numerator.scale);
  // Scale by 10^k so the integer quotient has exactly `significant` digits.
  let k = significant - (digitCount(n) - digitCount(d)) - 1;
  const quotient = (shift: number) => (shift >= 0 ? (n * pow10(shift)) / d : n / (d * pow10(-shift)));
  while (quotient(k) >= pow10(significant)) k -= 1;
  while (quotient(k) < pow10(significant - 1)) k += 1;
  const [scaledN, scaledD] = k >= 0 ? [n * pow10(k), d] : [n, d * pow10(-k)];
  const rounded = (2n * scaledN + scaledD) / (2n * scaledD);
  return normalized({ digits: rounded, scale: k });
}

/**
 * Micro-units of a currency into micro-units of the platform currency at `rate`, half up (a correction's negative
 * amount by its magnitude, so a chargeback converts to exactly minus what the same charge did). The amount is in
 * micro-units of the currency's major unit whatever its ISO 4217 exponent (yen, dinar and euro alike), so the
 * conversion needs no exponent.
 */
export function convertMicroAt(amount: bigint, rate: DecimalRate): bigint {
  if (amount < 0n) return -convertMicroAt(-amount, rate);
  const denominator = pow10(rate.scale);
  return (2n * amount * rate.digits + denominator) / (2n * denominator);
}

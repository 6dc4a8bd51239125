import type { CountryCode } from './primitives.js';

/**
 * VAT id formats by the country of the billing address (docs/decisions/0062-verified-supplier-and-names.md): the
 * EU member states as the Commission's VIES service writes them (prefix, then the national number; Greece's
 * prefix is EL), plus the United Kingdom, Switzerland and Norway. Only the shape is checked — whether the number
 * is registered is for VIES and the operator's accountant. A country not listed keeps the general shape (letters
 * and digits, at most 20).
 */
export const VAT_ID_FORMATS: Readonly<
  Partial<Record<CountryCode, { prefix: string; number: RegExp; example: string }>>
> = {
  AT: { prefix: 'AT', number: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', number: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefix: 'BG', number: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefix: 'CY', number: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', number: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefix: 'DE', number: /^\d{9}$/, example: 'DE123456789' },
  DK: { prefix: 'DK', number: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', number: /^\d{9}$/, example: 'EE123456789' },
  GR: { prefix: 'EL', number: /^\d{9}$/, example: 'EL123456789' },
  ES: { prefix: 'ES', number: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { prefix: 'FI', number: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefix: 'FR', number: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FRXX123456789' },
  HR: { prefix: 'HR', number: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefix: 'HU', number: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', number: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567WA' },
  IT: { prefix: 'IT', number: /^\d{11}$/, example: 'IT12345678901' },
  LT: { prefix: 'LT', number: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', number: /^\d{8}$/, example: 'LU12345678' },
  LV: { prefix: 'LV', number: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefix: 'MT', number: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', number: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', number: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', number: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', number: /^\d{2,10}$/, example: 'RO1234567890' },
  SE: { prefix: 'SE', number: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefix: 'SI', number: /^\d{8}$/, example: 'SI12345678' },
  SK: { prefix: 'SK', number: /^\d{10}$/, example: 'SK1234567890' },
  GB: { prefix: 'GB', number: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, example: 'GB123456789' },
  CH: { prefix: 'CHE', number: /^\d{9}(MWST|TVA|IVA)?$/, example: 'CHE123456789MWST' },
  NO: { prefix: 'NO', number: /^\d{9}(MVA)?$/, example: 'NO123456789MVA' },
};

/** A VAT id as compared and stored: letters and digits, upper case (spaces, dots and hyphens dropped). */
export function normalizeVatId(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/** Why a (normalized) VAT id does not fit the country of the billing address; null when it does. */
export function vatIdProblem(vatId: string, country: CountryCode): string | null {
  const format = VAT_ID_FORMATS[country];
  if (!format) return /^[A-Z0-9]{2,20}$/.test(vatId) ? null : 'Use only letters and digits';
  if (!vatId.startsWith(format.prefix) || !format.number.test(vatId.slice(format.prefix.length)))
    return `Not a VAT id of this country: it is written like ${format.example}`;
  return null;
}

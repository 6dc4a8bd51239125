import { describe, expect, it } from 'vitest';
import {
  billingDetailsInputSchema,
  bicSchema,
  ibanChecksumValid,
  ibanSchema,
  newPaymentMethodSchema,
} from './payouts.js';

describe('IBAN', () => {
  it('accepts real IBANs however they are spaced or cased, normalised', () => {
    expect(ibanSchema.parse('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB82 WEST 1234 5698 7654 32',
      'BE68 5390 0754 7034',
      'FR14 2004 1010 0505 0001 3M02 606',
    ])
      expect(ibanChecksumValid(iban), iban).toBe(true);
  });

  it('refuses one changed character (the mod-97 check) and shapes that are no IBAN', () => {
    expect(ibanChecksumValid('NL92ABNA0417164300')).toBe(false);
    expect(ibanChecksumValid('NL91ABNA0417164301')).toBe(false);
    expect(ibanChecksumValid('GB82WEST12345698765433')).toBe(false);
    const wrong = ibanSchema.safeParse('NL92ABNA0417164300');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/check digits/);
    expect(ibanSchema.safeParse('12345').success).toBe(false);
    expect(ibanSchema.safeParse('NL91 ABNA').success).toBe(false);
  });
});

describe('payout method', () => {
  it('takes a BIC of 8 or 11 characters, upper-cased', () => {
    expect(bicSchema.parse('abnanl2a')).toBe('ABNANL2A');
    expect(bicSchema.parse('DEUTDEFF500')).toBe('DEUTDEFF500');
    expect(bicSchema.safeParse('ABNANL2').success).toBe(false);
  });

  it('is a bank account by IBAN, or a card of which nothing is sent (it is typed at the provider)', () => {
    const base = { holderName: 'Mara Lindqvist', iban: 'NL91ABNA0417164300', country: 'NL' };
    expect(newPaymentMethodSchema.safeParse({ kind: 'BANK_ACCOUNT', ...base }).success).toBe(true);
    expect(newPaymentMethodSchema.parse({ kind: 'CARD' })).toEqual({ kind: 'CARD' });
    const withNumber = newPaymentMethodSchema.safeParse({ kind: 'CARD', number: '4242424242424242' });
    expect(withNumber.success).toBe(false);
    expect(withNumber.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['number'] });
    expect(newPaymentMethodSchema.safeParse({ kind: 'CHEQUE', ...base }).success).toBe(false);
  });
});

describe('billing details', () => {
  it('keeps a VAT id without spaces and dots, and an empty one as none', () => {
    const base = { legalName: 'Mara', addressLine: 'Street 1', postalCode: '', city: 'Oslo', country: 'NL' };
    expect(billingDetailsInputSchema.parse({ ...base, vatId: 'nl 0012.34567.b01' }).vatId).toBe(
      'NL001234567B01',
    );
    expect(billingDetailsInputSchema.parse({ ...base, vatId: '' }).vatId).toBeNull();
  });
});

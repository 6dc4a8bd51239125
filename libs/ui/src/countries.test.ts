import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './countries.js';

describe('countries', () => {
  it('names codes in English, Kosovo included', () => {
    expect(countryName('NL')).toBe('Netherlands');
    expect(countryName('xk')).toBe('Kosovo');
  });

  it('sorts options by name, not by code', () => {
    expect(countryOptions(['NL', 'DE', 'AT']).map((option) => option.value)).toEqual(['AT', 'DE', 'NL']);
  });
});

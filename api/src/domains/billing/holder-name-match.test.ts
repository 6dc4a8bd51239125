import { describe, expect, it } from 'vitest';
import { holderMatchesVerifiedName, nameParts } from './holder-name-match.js';

describe('a bank account holder against the verified legal name', () => {
  it('reduces names to parts: NFKD, accents dropped, lower case, punctuation and spacing split', () => {
    expect(nameParts('  Zoë   Ångström-Ó’Neil ')).toEqual(['zoe', 'angstrom', 'o', 'neil']);
    expect(nameParts('ＭＡＲＡ')).toEqual(['mara']); // full-width letters (NFKD)
  });

  it.each([
    ['Mara Lindqvist', 'Mara Lindqvist'],
    ['MARA LINDQVIST', 'Mara Lindqvist'],
    ['Lindqvist, Mara', 'Mara Lindqvist'],
    ['Mára Lindqvíst', 'Mara Lindqvist'],
    ['Mara Lindqvist', 'Mara Jonna Lindqvist'],
    ['Mara J. Lindqvist', 'Mara Jonna Lindqvist'],
    ['M. Lindqvist', 'Mara Lindqvist'],
    ['Lindqvist, Mara J.', 'Mara Jonna Lindqvist'],
    ['Mara Jonna Lindqvist', 'Mara Lindqvist'],
  ])('%s matches %s', (holder, verified) => {
    expect(holderMatchesVerifiedName(holder, verified)).toBe(true);
  });

  it.each([
    ['Mara Lindqvist', 'eve Tester'],
    ['Mara Berg', 'Mara Lindqvist'],
    ['Mara', 'Mara Lindqvist'],
    ['Lindqvist', 'Mara Lindqvist'],
    ['Mara Lindqvist Music AB', 'Mara Lindqvist'],
    ['Jonna Lindqvist', 'Mara Jonna Lindqvist'],
    ['', 'Mara Lindqvist'],
  ])('%s does not match %s', (holder, verified) => {
    expect(holderMatchesVerifiedName(holder, verified)).toBe(false);
  });
});

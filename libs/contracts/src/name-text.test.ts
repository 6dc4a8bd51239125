import { describe, expect, it } from 'vitest';
import { nameTextProblem, nameTextSchema } from './name-text.js';

describe('names and billing fields (N10)', () => {
  it.each([
    ['RLO override', 'Mara \u202Etsiuqdnil'],
    ['LRE embedding', '\u202AMara'],
    ['first-strong isolate', 'Mara \u2068Lindqvist\u2069'],
    ['right-to-left mark', 'Mara\u200F'],
    ['Arabic letter mark', '\u061CMara'],
    ['CRLF', 'Mara\r\nBcc: x'],
    ['LF', 'Mara\nLindqvist'],
    ['zero-width spaces only', '\u200B\u200B\u200B'],
    ['BOM and joiners only', '\uFEFF\u200D\u200C'],
  ])('refuses %s', (_, value) => {
    expect(nameTextProblem(value)).not.toBeNull();
    expect(nameTextSchema(200).safeParse(value).success).toBe(false);
  });

  it.each([
    ['Arabic letters', 'فيروز'],
    ['Hebrew letters', 'אופרה'],
    ['accents', 'Zoë Ångström'],
    ['a joiner inside an emoji-free name', 'Mara Lind\u200Dqvist'],
  ])('takes %s', (_, value) => {
    expect(nameTextProblem(value)).toBeNull();
  });
});

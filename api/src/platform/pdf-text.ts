/**
 * Text for pdfkit's standard Helvetica, which embeds nothing and reads no font from the machine. It covers
 * Windows-1252 only; other characters are written without their accents where that gives Latin letters, else as
 * "?", and ℗ (not in the code page) as "(P)". Scripts such as Cyrillic or CJK need an embedded Unicode font.
 */

/** The characters of Windows-1252 above Latin-1 that Helvetica's encoding in pdfkit maps (its WIN_ANSI_MAP). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function encodable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** Text Helvetica can show: see the note above. Line breaks and tabs become spaces. */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text
    .normalize('NFC')
    .replaceAll('℗', '(P)')
    .replace(/[\t\r\n]+/g, ' ')) {
    if (encodable(char)) out += char;
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...bare].every(encodable) && bare !== '' ? bare : '?';
    }
  }
  return out;
}

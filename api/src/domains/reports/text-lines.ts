import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * A byte stream's text lines, a chunk's worth at a time (docs/decisions/0051-ingest-one-merge.md, "Second pass"):
 * the lines readline would give — split at `\n`, `\r\n` and a lone `\r`, the last line without a break included —
 * but handed over as one array per chunk read, so a parser pays one await per chunk instead of one per line.
 * UTF-8 is decoded across chunk boundaries (a character cut between two reads is joined again).
 */
export async function* textLineChunks(input: Readable): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of input) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
    const lines: string[] = [];
    const mayHaveCr = text.includes('\r');
    let start = 0;
    let end = text.indexOf('\n');
    while (end >= 0) {
      pushLine(lines, text, start, end, mayHaveCr);
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    rest = text.slice(start);
    if (lines.length) yield lines;
  }
  const last = rest + decoder.end();
  if (last) {
    const lines: string[] = [];
    // The last line has no break after it (a `\r` ending it is its break).
    pushLine(lines, last, 0, last.length, true);
    if (lines.length) yield lines;
  }
}

/** The line text[start, end) (end at a `\n` or the end), its `\r\n` ending dropped, split at any lone `\r`. */
function pushLine(lines: string[], text: string, start: number, end: number, mayHaveCr: boolean): void {
  const line = text.slice(start, end);
  if (!mayHaveCr || !line.includes('\r')) {
    lines.push(line);
    return;
  }
  const parts = line.split('\r');
  // A `\r` ending the line is the `\r\n` break itself, not an empty line after it.
  if (parts[parts.length - 1] === '') parts.pop();
  lines.push(...parts);
}

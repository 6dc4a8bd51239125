import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textLineChunks } from './text-lines.js';

async function linesOf(chunks: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const chunk of textLineChunks(Readable.from(chunks))) lines.push(...chunk);
  return lines;
}

/** What the parser read before (readline, crlfDelay Infinity): the reference the chunked reader must equal. */
async function readlineLines(chunks: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: Readable.from(chunks), crlfDelay: Infinity }))
    lines.push(line);
  return lines;
}

/** The bytes cut at the given offsets: a line break or a character may fall between two chunks. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) chunks.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return chunks;
}

describe('text line chunks', () => {
  it('splits at \\n, \\r\\n and a lone \\r, and keeps a last line without a break', async () => {
    expect(await linesOf([Buffer.from('a\nb\r\nc\rd\n\ne')])).toEqual(['a', 'b', 'c', 'd', '', 'e']);
    expect(await linesOf([Buffer.from('a\r'), Buffer.from('\nb\r')])).toEqual(['a', 'b']);
    expect(await linesOf([])).toEqual([]);
  });

  it('joins a character cut between two chunks', async () => {
    const bytes = Buffer.from('HEAD\tDüsseldorf ✓\nFOOT\n');
    expect(await linesOf([bytes.subarray(0, 8), bytes.subarray(8, 20), bytes.subarray(20)])).toEqual([
      'HEAD\tDüsseldorf ✓',
      'FOOT',
    ]);
  });

  it('gives the lines readline gives, however the bytes are cut', async () => {
    const piece = fc.constantFrom('a', 'bc', '\t', '\n', '\r', '\r\n', 'é', '✓', ' ');
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 40 }),
        fc.array(fc.nat(200), { maxLength: 6 }),
        async (pieces, offsets) => {
          const bytes = Buffer.from(pieces.join(''));
          expect(await linesOf(cut(bytes, offsets))).toEqual(await readlineLines([bytes]));
        },
      ),
      { numRuns: 300 },
    );
  });
});

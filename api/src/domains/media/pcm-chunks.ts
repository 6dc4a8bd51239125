/**
 * Where a WAV or AIFF file's sample data starts and how many bytes its header says it holds, read from the file's
 * first bytes (the chunks before the samples are small). Null when the data chunk is not among them.
 */
export function declaredSampleData(head: Buffer): { start: number; bytes: number } | null {
  const riff = head.toString('ascii', 0, 4) === 'RIFF' && head.toString('ascii', 8, 12) === 'WAVE';
  const aiff = head.toString('ascii', 0, 4) === 'FORM' && /^AIF[FC]$/.test(head.toString('ascii', 8, 12));
  if (!riff && !aiff) return null;
  const dataId = riff ? 'data' : 'SSND';
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = riff ? head.readUInt32LE(offset + 4) : head.readUInt32BE(offset + 4);
    if (id === dataId) {
      // AIFF's SSND chunk starts with an offset and a block size (8 bytes) before the samples.
      return riff ? { start: offset + 8, bytes: size } : { start: offset + 16, bytes: size - 8 };
    }
    // Chunks are padded to an even length.
    offset += 8 + size + (size % 2);
  }
  return null;
}

import type { WriteStream } from 'node:fs';

/**
 * Resolves once a file stream is closed. A pipeline into a new file can fail on its first bytes before the file is
 * even open; the open still completes afterwards and creates the file. A caller that removes the file on failure
 * awaits this first, so that its removal comes last and nothing is left behind.
 */
export function fileClosed(stream: WriteStream): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

/**
 * Raised when a file of an area does not match the digest its registry entry carries. Never retried: the same
 * bytes would come back. `loadArea` shows it as the area refused.
 */
export class IntegrityError extends Error {
  /** Read by retryWithBackoff: asking again cannot help. */
  readonly retryable = false;
  constructor(message: string) {
    super(message);
    this.name = 'IntegrityError';
  }
}

/** Whether an error (or the runtime's error wrapping one, which keeps its text) is an integrity refusal. */
export function isIntegrityFailure(error: unknown): boolean {
  if (error instanceof IntegrityError) return true;
  return error instanceof Error && error.message.includes('IntegrityError:');
}

function base64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Subresource Integrity value of some bytes, computed as the browser does (`sha384-<base64>`). */
export async function sha384Integrity(bytes: ArrayBuffer): Promise<string> {
  // A copy made here: bytes from another realm (a test's DOM) would not pass SubtleCrypto's type check.
  return `sha384-${base64(await crypto.subtle.digest('SHA-384', new Uint8Array(bytes)))}`;
}

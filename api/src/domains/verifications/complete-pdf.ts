import type { FieldIssue } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';

/** A PDF's last `%%EOF` marker sits in its final bytes (a trailing newline or a little padding after it). */
const TAIL_BYTES = 1024;

/**
 * A PDF is read from its end (the trailer and cross-reference table come last), so a file cut short keeps its
 * `%PDF-` header but cannot be opened: one that does not end with its `%%EOF` marker is refused (422) before it is
 * kept, as an image that cannot be decoded is.
 */
export function requireCompletePdf(document: Buffer, field: FieldIssue['path']): void {
  if (document.subarray(-TAIL_BYTES).includes('%%EOF')) return;
  const message = 'The PDF is incomplete (it does not end where a PDF ends); upload the whole file';
  throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: field, message }]);
}

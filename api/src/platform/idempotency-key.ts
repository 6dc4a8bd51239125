import { idempotencyKeyHeadersSchema } from '@tunehouse/contracts';
import { ApiError } from './errors.js';

/**
 * The Idempotency-Key a money-moving request must carry (the registrar does not parse headers): without one, a
 * retry could pay, charge or close twice, so the request is refused first with a 400 naming the header.
 */
export function idempotencyKeyOf(headers: unknown): string {
  const parsed = idempotencyKeyHeadersSchema.safeParse(headers);
  if (parsed.success) return parsed.data['idempotency-key'];
  const message = 'An Idempotency-Key header (1 to 200 characters) is required';
  throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: ['headers', 'idempotency-key'], message }]);
}

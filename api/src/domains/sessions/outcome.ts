import type { ApiError } from '../../platform/errors.js';

/**
 * A result computed inside a transaction that must commit even though the request then fails (a counted failure,
 * a revoked session): the transaction returns the error, and it is thrown only once the transaction committed.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const fail = (error: ApiError): Outcome<never> => ({ ok: false, error });

export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * Whether an error means PostgreSQL cannot be reached right now (refused or dropped connections, a server
 * shutting down or starting up) rather than a fault in the request: the answer is then 503 with Retry-After,
 * so clients wait and retry instead of reporting a bug.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now). */
const SQLSTATE = /^(08\d{3}|57P0[123])$/;
const DROPPED =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && DROPPED.test(message)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

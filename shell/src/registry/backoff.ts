export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  /** The wait before the first retry; each further retry waits twice as long as the one before. */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
}

/**
 * Three retries after about 0.3, 0.6 and 1.2 s: long enough to ride out a restarting server or a dropped
 * connection, short enough that a visitor sees the error page (and its "Try again") within three seconds.
 */
export const REMOTE_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 300, maxDelayMs: 2_000 };

/**
 * The wait before retry number `retry` (1 for the first retry). Each wait is cut by up to a quarter at random, so
 * that visitors who all failed at the same moment do not all come back at the same moment.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exponential * (1 - 0.25 * random()));
}

export interface BackoffOptions {
  policy: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told before each retry (for logs and tests). */
  onRetry?: (info: { retry: number; delayMs: number; error: unknown }) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds or the policy's retries are spent, waiting longer before each retry; the last
 * error is thrown (at once when it is marked `retryable: false`). `failedAlready` counts attempts that failed before this call (a loader that reports its first
 * failure to a hook): the first attempt here is then already a retry, made after its wait.
 */
export async function retryWithBackoff<T>(
  attempt: () => Promise<T>,
  { policy, sleep = wait, random = Math.random, onRetry }: BackoffOptions,
  failedAlready = 0,
): Promise<T> {
  let failures = failedAlready;
  let lastError: unknown = new Error('no retries left');
  for (;;) {
    if (failures > 0) {
      if (failures > policy.retries) throw lastError;
      const delayMs = backoffDelay(failures, policy, random);
      onRetry?.({ retry: failures, delayMs, error: lastError });
      await sleep(delayMs);
    }
    try {
      return await attempt();
    } catch (error) {
      // An error that says asking again cannot help (an integrity mismatch) ends the retries at once.
      if ((error as { retryable?: unknown } | null)?.retryable === false) throw error;
      lastError = error;
      failures += 1;
    }
  }
}

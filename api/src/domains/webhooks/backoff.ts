/**
 * When a failed delivery is tried again (docs/decisions/0088-webhooks.md): exponential backoff from `firstSeconds`,
 * multiplied by `factor` per failure and capped at `capSeconds`, until an attempt would start more than
 * `giveUpAfterSeconds` after the first one. Injectable so that tests wait seconds, not days.
 */
export type BackoffPolicy = {
  firstSeconds: number;
  factor: number;
  capSeconds: number;
  giveUpAfterSeconds: number;
};

/** 1 min, 2, 4 … doubling up to 6 h between attempts, for 3 days: 20 attempts for an endpoint that never answers. */
export const WEBHOOK_BACKOFF: BackoffPolicy = {
  firstSeconds: 60,
  factor: 2,
  capSeconds: 6 * 3600,
  giveUpAfterSeconds: 3 * 86_400,
};

/**
 * The whole seconds to wait before the attempt after `failedAttempts` failures (1 after the first), or null when
 * that attempt would start more than `giveUpAfterSeconds` after the first: the delivery has failed for good.
 */
export function nextRetryDelaySeconds(
  policy: BackoffPolicy,
  failedAttempts: number,
  secondsSinceFirstAttempt: number,
): number | null {
  const delay = Math.ceil(
    Math.min(policy.capSeconds, policy.firstSeconds * policy.factor ** Math.max(0, failedAttempts - 1)),
  );
  return secondsSinceFirstAttempt + delay > policy.giveUpAfterSeconds ? null : delay;
}

/** Every wait of a delivery that always fails at once, in order: the schedule as the decision states it. */
export function retrySchedule(policy: BackoffPolicy): number[] {
  const delays: number[] = [];
  let elapsed = 0;
  for (;;) {
    const delay = nextRetryDelaySeconds(policy, delays.length + 1, elapsed);
    if (delay === null) return delays;
    delays.push(delay);
    elapsed += delay;
  }
}

/**
 * What the domains tell the operator's metrics (docs/decisions/0085-metrics-and-operator-view.md): a port, so that a
 * domain counts an event where it happens without importing prom-client or the operations domain that owns the
 * registry. main.ts and app.ts hand the real one over; omitted, events are dropped (`noMetrics`).
 */
export type MetricsPort = {
  /** A password sign-in refused: wrong e-mail or password, or too many wrong ones before. */
  signInFailed(reason: 'wrong_credentials' | 'too_many_attempts'): void;
  /** A request refused by a per-address rate limit (429), by route template. */
  rateLimited(route: string): void;
  /** Usage lines read from an uploaded platform report (rate() of the counter is lines per second). */
  reportLinesRead(lines: number): void;
  /** How long one run of the period-close job took, and how it ended. */
  periodCloseTook(seconds: number, outcome: 'closed' | 'skipped' | 'failed'): void;
};

export const noMetrics: MetricsPort = {
  signInFailed: () => undefined,
  rateLimited: () => undefined,
  reportLinesRead: () => undefined,
  periodCloseTook: () => undefined,
};

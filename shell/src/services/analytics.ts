/**
 * Sends a product analytics event to the API's record path. Best effort: analytics must never break a
 * page, so failures are dropped.
 */
export function createAnalytics(apiBaseUrl: string) {
  return {
    track(name: string, properties: Record<string, unknown> = {}): void {
      void fetch(`${apiBaseUrl}/v1/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, properties, path: window.location.pathname }),
        credentials: 'include',
        keepalive: true,
      }).catch(() => undefined);
    },
  };
}
export type Analytics = ReturnType<typeof createAnalytics>;

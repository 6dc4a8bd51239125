/**
 * Sends a product analytics event to the API's record path. Best effort: analytics must never break a
 * page, so failures are dropped.
 */
export function createAnalytics(apiBaseUrl: string) {
  let userId: string | number | null = null;
  return {
    /** The analytics identity follows the signed-in user, and is cleared when there is none. */
    identify(next: string | number | null): void {
      userId = next;
    },
    track(name: string, properties: Record<string, unknown> = {}): void {
      void fetch(`${apiBaseUrl}/v1/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name,
          properties: userId === null ? properties : { ...properties, userId: String(userId) },
          path: window.location.pathname,
        }),
        credentials: 'include',
        keepalive: true,
      }).catch(() => undefined);
    },
  };
}
export type Analytics = ReturnType<typeof createAnalytics>;

import type { ApiRequest } from '@tunehouse/shell-contract';

/** An error as the shell's API client throws it: the status, the message, and field issues when there are any. */
export function apiError(
  status: number,
  message: string,
  details?: { path: (string | number)[]; message: string }[],
  code?: string,
) {
  return Object.assign(new Error(message), { status, code, details });
}

/** One page of a list in the API's paging shape. */
export function pageJson(items: unknown[], overrides: Record<string, unknown> = {}) {
  return { items, currentOffset: 0, size: 20, totalItems: items.length, ...overrides };
}

export type FakeApiHandler = (request: ApiRequest<unknown>) => unknown;

/**
 * A fake API from `METHOD /path` keys: a handler (which may throw an `apiError`) or a canned answer, cloned per
 * call so a test cannot change it by accident. An unplanned call fails loudly, so a test sees every call the area
 * makes. Pass it as the fake shell's `respond`.
 */
export function fakeApi(routes: Record<string, FakeApiHandler | unknown>) {
  return async (request: ApiRequest<unknown>) => {
    const key = `${request.method} ${request.path}`;
    if (!(key in routes)) throw apiError(500, `No answer planned for ${key}`);
    const route = routes[key];
    return typeof route === 'function' ? (route as FakeApiHandler)(request) : structuredClone(route);
  };
}

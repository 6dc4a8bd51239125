import { buildQueryString } from '@tunehouse/contracts';
import type { QueryValue } from '@tunehouse/shell-contract';

export { buildQueryString };

/** The base URL (with or without a path of its own) joined with a request path and its query. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.replace(/\/+$/, '');
  const relative = path.startsWith('/') ? path : `/${path}`;
  const queryString = buildQueryString(query);
  if (!queryString) return `${base}${relative}`;
  return `${base}${relative}${relative.includes('?') ? `&${queryString.slice(1)}` : queryString}`;
}

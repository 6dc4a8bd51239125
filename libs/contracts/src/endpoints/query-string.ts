/** A query value as callers give it: absent values are left out, arrays repeat their key. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

const isPresent = (value: unknown): value is string | number | boolean =>
  value !== undefined && value !== null && value !== '';

/**
 * A query string without empty strings, nulls and undefined; an array repeats its key once per item
 * (`platform[]=a&platform[]=b` when the key is `platform[]`, `id=1&id=2` when it is `id`). A trailing `[]` is
 * kept readable; everything else is percent-encoded. Returns `''` or a string starting with `?`.
 */
export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const encodedKey = key.endsWith('[]')
      ? `${encodeURIComponent(key.slice(0, -2))}[]`
      : encodeURIComponent(key);
    const items: ReadonlyArray<unknown> = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (!isPresent(item)) continue;
      parts.push(`${encodedKey}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

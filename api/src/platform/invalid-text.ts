import type { FieldIssue } from '@tunehouse/contracts';

/**
 * Control characters other than tab, line feed and carriage return, and UTF-16 halves without their pair. No field
 * of the product means them; PostgreSQL refuses NUL in text (an error that would otherwise surface as a 500), and
 * the others would end up in DDEX messages, e-mails and CSV files.
 */
const INVALID_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MESSAGE = 'must not contain control characters or broken Unicode';

/** No request of the product nests deeper than a few levels; far deeper input is refused before it is walked. */
const MAX_DEPTH = 32;

/** Every string in a request part (objects and arrays walked; keys too) that holds invalid text, by field path. */
export function invalidTextIssues(value: unknown, path: (string | number)[]): FieldIssue[] {
  if (path.length > MAX_DEPTH) return [{ path, message: `must not nest deeper than ${MAX_DEPTH} levels` }];
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? [{ path, message: MESSAGE }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => invalidTextIssues(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      INVALID_TEXT.test(key)
        ? [{ path: [...path, key.replace(INVALID_TEXT, '\uFFFD')], message: MESSAGE }]
        : invalidTextIssues(item, [...path, key]),
    );
  }
  return [];
}

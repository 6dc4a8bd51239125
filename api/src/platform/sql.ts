/** SQL helpers every domain's repository shares. */

/** A lower-case UUID, as PostgreSQL writes them: an id that is not one cannot name a row (404, not a SQL error). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `text` with LIKE's own wildcards (`%`, `_`) and its escape character escaped, to match it literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `q` is matched literally anywhere in the name, without case: LIKE's own wildcards in it are escaped. */
export function containsPattern(q: string | undefined): string | null {
  return q ? `%${escapeLike(q)}%` : null;
}

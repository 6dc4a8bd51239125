import { fieldErrorsOf, messageOf } from './api-errors.js';

/**
 * The part of a form library's `setError` this needs; react-hook-form's `form.setError` fits it, so the kit does not
 * depend on one form library.
 */
export type SetFieldError<F extends string> = (
  field: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Which form field shows an API issue: a list of field names the API uses one to one, or a function from the API's
 * path (`tracks.0.isrc`) to a field, answering null when the form has no field for it.
 */
export type FieldPlacement<F extends string> = readonly F[] | ((apiPath: string) => F | null);

/**
 * Puts the API's field issues on the form's fields and answers the message for the form as a whole, or null when
 * every issue landed on a field. What the user typed stays in the form.
 * - Each field shows one message (the API's first for it), and the first field that gets one takes the focus, so a
 *   keyboard or screen-reader user lands on what to fix.
 * - An issue no field can show is never dropped: its message is added to the form's message.
 * - An error without field issues (a conflict, a lost connection) becomes the form's message.
 */
export function applyFieldErrors<F extends string>(
  error: unknown,
  setError: SetFieldError<F>,
  placement: FieldPlacement<F>,
): string | null {
  const issues = Object.entries(fieldErrorsOf(error));
  if (issues.length === 0) return messageOf(error);
  const placeOn = typeof placement === 'function' ? placement : listedField(placement);
  const placed = new Set<F>();
  const unplaced: string[] = [];
  for (const [path, message] of issues) {
    const field = placeOn(path);
    if (field === null) unplaced.push(message);
    else if (!placed.has(field)) {
      placed.add(field);
      setError(field, { type: 'server', message }, { shouldFocus: placed.size === 1 });
    }
  }
  return unplaced.length > 0 ? `${messageOf(error)}: ${unplaced.join('; ')}` : null;
}

function listedField<F extends string>(fields: readonly F[]) {
  return (apiPath: string): F | null =>
    (fields as readonly string[]).includes(apiPath) ? (apiPath as F) : null;
}

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf, messageOf } from '@tunehouse/area-kit';

/**
 * Puts the API's field issues on the form's fields and answers the message for the form as a whole (or null when
 * every issue landed on a field). `toField` maps an API path (`tracks.0.isrc`) to a form path; an issue whose path
 * maps to nothing the form has is shown in the form's message. What the user typed stays in the form.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  toField: (apiPath: string) => Path<T> | null,
): string | null {
  const issues = fieldErrorsOf(error);
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(issues)) {
    const field = toField(path);
    if (field) setError(field, { type: 'server', message });
    else unplaced.push(message);
  }
  if (Object.keys(issues).length === 0) return messageOf(error);
  return unplaced.length > 0 ? `${messageOf(error)}: ${unplaced.join('; ')}` : null;
}

/** A mapping for forms whose fields carry the API's names. */
export const sameNames =
  <T extends FieldValues>(fields: readonly Path<T>[]) =>
  (apiPath: string): Path<T> | null =>
    (fields as readonly string[]).includes(apiPath) ? (apiPath as Path<T>) : null;

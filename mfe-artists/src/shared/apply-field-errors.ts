import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf, messageOf } from '@tunehouse/area-kit';

/**
 * Puts the API's field issues on the form's fields and answers the message for the form as a whole (or null when
 * every issue landed on a field). `placeOn` names the form field an API path (`profiles.0.platformId`) is shown
 * on, or null when the form has no such field. What the user typed stays in the form.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  placeOn: (path: string) => Path<T> | null,
): string | null {
  const issues = fieldErrorsOf(error);
  const placed = new Set<string>();
  let unplaced = Object.keys(issues).length === 0;
  for (const [path, message] of Object.entries(issues)) {
    const field = placeOn(path);
    if (field === null) unplaced = true;
    else if (!placed.has(field)) {
      placed.add(field);
      setError(field, { type: 'server', message }, { shouldFocus: placed.size === 1 });
    }
  }
  return unplaced ? messageOf(error) : null;
}

/** A `placeOn` for forms whose fields carry the API's names one to one. */
export const sameNames =
  <T extends FieldValues>(fields: readonly Path<T>[]) =>
  (path: string): Path<T> | null =>
    (fields as readonly string[]).includes(path) ? (path as Path<T>) : null;

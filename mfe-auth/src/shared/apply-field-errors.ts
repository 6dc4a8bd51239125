import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf, messageOf } from '@tunehouse/area-kit';

/**
 * Puts the API's field issues on the form's fields and answers the message for the form as a whole (or null when
 * every issue landed on a field). What the user typed stays in the form.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const issues = fieldErrorsOf(error);
  let unplaced = Object.keys(issues).length === 0;
  for (const [path, message] of Object.entries(issues)) {
    if ((fields as readonly string[]).includes(path)) setError(path as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  return unplaced ? messageOf(error) : null;
}

import { isApiError } from '@tunehouse/shell-contract';

/**
 * The API's field issues keyed by form field name: `['body', 'profiles', 0, 'url']` becomes `profiles.0.url`
 * (react-hook-form's path syntax). The first message per field wins.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.details) return {};
  const fields: Record<string, string> = {};
  for (const issue of error.details) {
    const [where, ...rest] = issue.path;
    const path = (where === 'body' || where === 'query' || where === 'params' ? rest : issue.path).join('.');
    if (path && !(path in fields)) fields[path] = issue.message;
  }
  return fields;
}

/** A sentence for the user about a failed call; never a stack trace. */
export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && error.message === 'Network request failed')
    return 'We could not reach Tunehouse. Check your connection and try again.';
  return fallback;
}

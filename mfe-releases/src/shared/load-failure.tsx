import { PageLoadError } from '@tunehouse/area-kit';
import { isApiError } from '@tunehouse/shell-contract';

/** A release that does not exist (404) or is not the user's (403): the page becomes the error page. */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/** The error page of a release that could not be found, with the way back to the catalogue. */
export function MissingRelease({ error }: { error: unknown }) {
  return <PageLoadError error={error} backTo="/albums" />;
}

// The retryable failure notice is shared with the other areas.
export { LoadFailure } from '@tunehouse/area-kit';

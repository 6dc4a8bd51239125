import { PageLoadError } from '@tunehouse/area-kit';

/** The error page of a release that could not be found, with the way back to the catalogue. */
export function MissingRelease({ error }: { error: unknown }) {
  return <PageLoadError error={error} backTo="/albums" />;
}

// The retryable failure notice and what counts as a release that is not there (a 4xx) are shared with the other
// areas.
export { LoadFailure, isMissing } from '@tunehouse/area-kit';

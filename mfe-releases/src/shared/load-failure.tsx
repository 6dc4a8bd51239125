import { css } from '@emotion/react';
import { PageLoadError, messageOf } from '@tunehouse/area-kit';
import { isApiError } from '@tunehouse/shell-contract';
import { Button, Notice } from '@tunehouse/ui';

/** A release that does not exist (404) or is not the user's (403): the page becomes the error page (spec §2). */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/** The error page of a release that could not be found, with the way back to the catalogue. */
export function MissingRelease({ error }: { error: unknown }) {
  return <PageLoadError error={error} backTo="/albums" />;
}

/**
 * A load that failed for a reason that may pass (no connection, a server error): said under the page's heading,
 * with a way to try again, so the page itself stays where it is.
 */
export function LoadFailure({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Notice tone="error">
      <span
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: space-between;
          gap: 0.75rem;
        `}
      >
        <span>
          {what} could not be loaded. {messageOf(error)}
        </span>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </span>
    </Notice>
  );
}

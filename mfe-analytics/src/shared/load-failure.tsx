import { css } from '@emotion/react';
import { messageOf } from '@tunehouse/area-kit';
import { Button, Notice } from '@tunehouse/ui';

/**
 * A load that failed for a reason that may pass (no connection, a server error): said under the page's heading,
 * with a way to try again, so the rest of the page stays usable.
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

import { Button, Notice } from '@tunehouse/ui';
import { messageOf } from './api-errors.js';

/**
 * A load that failed for a reason that may pass (no connection, a server error): said under the page's heading,
 * with a way to try again, so the page and whatever else on it did load stay where they are. A failure that will
 * not pass (the thing is missing or not the user's) is `PageLoadError` instead.
 */
export function LoadFailure({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Notice tone="error">
      <span
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '0.75rem',
        }}
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

import { css } from '@emotion/react';
import { Button, colors } from '@tunehouse/ui';
import type { AreaFailure } from '../services/area-failures.js';
import { AREA_FAILURE_COPY } from './area-failure-copy.js';
import { ShellErrorPage, type ShellErrorPageProps } from './shell-error-page.js';

// Its own line under the buttons. Always rendered, even empty: a live region must be in place before its text changes.
const retryStatus = css`
  flex-basis: 100%;
  margin: 0;
  color: ${colors.inkSoft};
`;

export interface AreaErrorPageProps extends Omit<
  ShellErrorPageProps,
  'status' | 'detail' | 'title' | 'message' | 'kind' | 'actions'
> {
  failure: AreaFailure;
  /** Fetches the area again, in place. */
  onRetry: () => void;
}

/**
 * The error page in place of an area that is unreachable, refused or crashed: each says so in its own words, and
 * "Try again" fetches the area anew without reloading the page (what the visitor did elsewhere stays).
 */
export function AreaErrorPage({ failure, onRetry, ...page }: AreaErrorPageProps) {
  const copy = AREA_FAILURE_COPY[failure.kind];
  return (
    <ShellErrorPage
      {...page}
      status={failure.status}
      detail={failure.detail}
      title={copy.title}
      message={copy.message}
      kind={failure.kind}
      actions={
        <>
          <Button variant="secondary" onClick={onRetry} aria-disabled={failure.retrying}>
            Try again
          </Button>
          <p css={retryStatus} role="status">
            {failure.retrying
              ? 'Trying again…'
              : failure.failedRetries > 0
                ? `Tried again ${failure.failedRetries === 1 ? 'once' : `${failure.failedRetries} times`}, without luck so far.`
                : ''}
          </p>
        </>
      }
    />
  );
}

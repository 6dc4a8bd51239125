import { css } from '@emotion/react';
import { Button, colors } from '@tunehouse/ui';
import type { AreaFailure } from '../services/area-failures.js';
import { AREA_FAILURE_COPY } from './area-failure-copy.js';
import { ShellErrorPage, type ShellErrorPageProps } from './shell-error-page.js';

const retryRow = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  margin: -2rem auto 4rem;
  padding: 0 1.5rem;
  max-width: 36rem;
  text-align: center;
  color: ${colors.inkSoft};
  p {
    margin: 0;
  }
`;

export interface AreaErrorPageProps extends Omit<
  ShellErrorPageProps,
  'status' | 'detail' | 'title' | 'message' | 'kind' | 'children'
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
    >
      <div css={retryRow}>
        <p role="status">
          {failure.retrying
            ? 'Trying again…'
            : failure.failedRetries > 0
              ? `Tried again ${failure.failedRetries === 1 ? 'once' : `${failure.failedRetries} times`}, without luck so far.`
              : ''}
        </p>
        <Button variant="secondary" onClick={onRetry} aria-disabled={failure.retrying}>
          Try again
        </Button>
      </div>
    </ShellErrorPage>
  );
}

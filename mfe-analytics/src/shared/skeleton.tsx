import { css, keyframes } from '@emotion/react';
import { colors, radius } from '@tunehouse/ui';

const shimmer = keyframes`
  from { opacity: 1; }
  to { opacity: 0.45; }
`;

const block = css`
  display: block;
  background: ${colors.border};
  border-radius: ${radius.small};
  animation: ${shimmer} 900ms ease-in-out infinite alternate;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** A grey placeholder shape while data loads; hidden from screen readers (the caller announces the loading). */
export function Skeleton({ width = '100%', height = '1rem' }: { width?: string; height?: string }) {
  return <span aria-hidden="true" css={[block, { width, height }]} />;
}

/** Placeholder rows of a table being loaded. */
export function SkeletonRows({ rows = 5, height = '2.25rem' }: { rows?: number; height?: string }) {
  return (
    <span aria-hidden="true" css={{ display: 'grid', gap: '0.6rem' }}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </span>
  );
}

import { css } from '@emotion/react';
import { colors, zIndex } from '@tunehouse/ui';

const bar = css`
  position: fixed;
  top: 0;
  left: 0;
  height: 3px;
  z-index: ${zIndex.loadingBar};
  background: ${colors.accent};
  transition: width 300ms ease;
`;

export function ProgressBar({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <div
      css={bar}
      style={{ width: `${value * 100}%` }}
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
    />
  );
}

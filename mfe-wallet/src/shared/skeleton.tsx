import { css } from '@emotion/react';
import { colors, radius } from '@tunehouse/ui';

const block = css`
  background: ${colors.border};
  border-radius: ${radius.small};
  opacity: 0.6;
`;

/**
 * A grey box as large as what is loading (a chart, a button, the first rows), so nothing under it moves when the
 * answer arrives (docs/decisions/0082-layout-shift-and-startup-work.md). Decorative: the caller says what is
 * loading (QueryState's status line).
 */
export function Skeleton({ height, width = '100%' }: { height: string; width?: string }) {
  return <div aria-hidden="true" css={[block, { height, width }]} />;
}

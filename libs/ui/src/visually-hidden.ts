import { css } from '@emotion/react';

/**
 * Hides content from sight but keeps it for screen readers (a table caption, a label for an icon button). `clip`
 * covers older engines, `clip-path` the current ones; `display: none` or `visibility: hidden` would hide it from
 * assistive technology too.
 */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
`;

import { css } from '@emotion/react';
import { colors, radius } from '@tunehouse/ui';

export const muted = css`
  color: ${colors.muted};
`;

export const lede = css`
  color: ${colors.inkSoft};
  line-height: 1.55;
  margin: -0.5rem 0 1.25rem;
`;

/** A white panel on the tinted page. */
export const panel = css`
  background: ${colors.paper};
  border: 1px solid ${colors.border};
  border-radius: ${radius.large};
  padding: 1.25rem;
  margin-bottom: 1.5rem;
  min-width: 0;
  h2 {
    font-size: 1.15rem;
    margin: 0;
  }
`;

/** A panel's heading row: the title on the left, its actions on the right; wraps on phones. */
export const panelHead = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 1rem;
`;

export { tableScroll } from '@tunehouse/ui';

export const numeric = css`
  text-align: right;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

export const thumbnailStyle = (size: string) => css`
  flex: none;
  width: ${size};
  height: ${size};
  border-radius: ${radius.small};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  object-fit: cover;
  display: grid;
  place-items: center;
  color: ${colors.muted};
  font-size: 0.8rem;
  overflow: hidden;
`;

export const linkStyle = css`
  color: ${colors.primary};
  font-weight: 600;
  text-underline-offset: 2px;
`;

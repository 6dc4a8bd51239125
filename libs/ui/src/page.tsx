import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, layout } from './theme.js';

const pageStyle = css`
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: 2rem 1.5rem 4rem;
  color: ${colors.ink};
`;
const headingStyle = css`
  font-size: 1.9rem;
  margin: 0 0 1.25rem;
  letter-spacing: -0.01em;
`;

/** The content column of a page, at most the spec's maximum width. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div css={pageStyle}>
      <h1 css={headingStyle}>{title}</h1>
      {children}
    </div>
  );
}

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
const ledeStyle = css`
  color: ${colors.inkSoft};
  line-height: 1.55;
  margin: -0.5rem 0 1.25rem;
`;

/**
 * The content column of a page, at most the spec's maximum width, with its heading and the sentence under it.
 * An area's main page takes both from FIRST_VIEWS, and the shell's build draws the same into that page's HTML.
 */
export function Page({ title, lede, children }: { title: string; lede?: string; children?: ReactNode }) {
  return (
    <div css={pageStyle}>
      <h1 css={headingStyle}>{title}</h1>
      {lede && <p css={ledeStyle}>{lede}</p>}
      {children}
    </div>
  );
}

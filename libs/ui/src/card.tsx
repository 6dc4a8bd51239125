import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, radius } from './theme.js';

const cardStyle = css`
  background: ${colors.paper};
  border: 1px solid ${colors.border};
  border-radius: ${radius.large};
  padding: 1.5rem;
  margin-bottom: 1.5rem;
  h2 {
    font-size: 1.2rem;
    margin: 0 0 1rem;
  }
`;

/** A bordered section of a page, with an optional heading. */
export function Card({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section css={cardStyle} aria-labelledby={title && id ? `${id}-title` : undefined} id={id}>
      {title && <h2 id={id ? `${id}-title` : undefined}>{title}</h2>}
      {children}
    </section>
  );
}

/** The narrow centred column of the sign-in pages. */
export function NarrowColumn({ children }: { children: ReactNode }) {
  return (
    <div
      css={css`
        max-width: 28rem;
        margin: 3rem auto 4rem;
        padding: 0 1.25rem;
        color: ${colors.ink};
        h1 {
          font-size: 1.8rem;
          margin: 0 0 0.5rem;
        }
        form {
          margin-top: 1.5rem;
        }
        a {
          color: ${colors.primary};
        }
      `}
    >
      {children}
    </div>
  );
}

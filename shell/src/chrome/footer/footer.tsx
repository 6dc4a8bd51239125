import { css } from '@emotion/react';
import { colors, fonts, layout, mq } from '@tunehouse/ui';
import { ShellLink } from '../shell-link.js';
import type { HelpLinks } from '@tunehouse/shell-contract';
import { footerColumns } from './footer-links.js';

const footer = css`
  margin-top: 3rem;
  background: ${colors.ink};
  color: #cfcbe0;
  font-family: ${fonts.body};
  a {
    color: #ece9f7;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;
const inner = css`
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: 2.5rem 1.5rem;
  display: grid;
  gap: 2rem;
  grid-template-columns: 1fr;
  ${mq('tablet')} {
    grid-template-columns: repeat(3, 1fr);
  }
  h2 {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: #a9a4c0;
    margin: 0 0 0.75rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.45rem;
  }
`;
const bottom = css`
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: 1rem 1.5rem 1.5rem;
  font-size: 0.85rem;
  color: #a9a4c0;
`;

/** The footer; the compact variant hides the link columns. */
export function Footer({
  supportEmail,
  helpLinks,
  compact,
}: {
  supportEmail: string;
  helpLinks: HelpLinks;
  compact: boolean;
}) {
  return (
    <footer css={footer} data-compact={compact}>
      {!compact && (
        <div css={inner}>
          {footerColumns(supportEmail, helpLinks).map((column) => (
            <section key={column.title} aria-label={column.title}>
              <h2>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.external ? (
                      <a href={link.href}>{link.label}</a>
                    ) : (
                      <ShellLink href={link.href}>{link.label}</ShellLink>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <div css={bottom}>© Tunehouse — open-source music distribution.</div>
    </footer>
  );
}

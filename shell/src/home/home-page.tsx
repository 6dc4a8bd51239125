import { useEffect } from 'react';
import { css } from '@emotion/react';
import { buttonStyles, colors, layout, mq } from '@tunehouse/ui';
import { ShellLink } from '../chrome/shell-link.js';
import { NAV_ITEMS } from '../chrome/header/nav-items.js';

const hero = css`
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: 4rem 1.5rem 2rem;
  color: ${colors.ink};
  h1 {
    font-size: 2.4rem;
    line-height: 1.1;
    letter-spacing: -0.03em;
    margin: 0 0 1rem;
    max-width: 18ch;
    ${mq('desktop')} {
      font-size: 3.4rem;
    }
  }
  p {
    font-size: 1.15rem;
    color: ${colors.inkSoft};
    max-width: 40rem;
    line-height: 1.6;
  }
`;
const actions = css`
  display: flex;
  gap: 0.75rem;
  margin-top: 1.75rem;
  flex-wrap: wrap;
`;
const cards = css`
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: 1rem 1.5rem;
  display: grid;
  gap: 1rem;
  grid-template-columns: 1fr;
  ${mq('tablet')} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${mq('desktop')} {
    grid-template-columns: repeat(5, 1fr);
  }
  a {
    display: block;
    padding: 1.25rem;
    border-radius: 14px;
    background: ${colors.paper};
    border: 1px solid ${colors.border};
    color: ${colors.ink};
    text-decoration: none;
  }
  a:hover {
    border-color: ${colors.primary};
  }
  strong {
    display: block;
    font-size: 1.05rem;
    margin-bottom: 0.35rem;
  }
  span {
    color: ${colors.muted};
    font-size: 0.9rem;
  }
`;

const AREA_BLURBS: Record<string, string> = {
  '/albums': 'Release to 23 streaming and download services.',
  '/splits': 'Share royalties with everyone who made the music.',
  '/artists': 'Your artists and their profiles on every platform.',
  '/trends': 'Daily streams per track, platform, country and playlist.',
  '/wallet': 'Your earnings, statements and payouts.',
};

/** The shell's own route `/`. */
export function HomePage({ resetTitle, signedIn }: { resetTitle: () => void; signedIn: boolean }) {
  useEffect(resetTitle, [resetTitle]);
  return (
    <>
      <section css={hero}>
        <h1>Release your music everywhere. Keep what you earn.</h1>
        <p>
          Tunehouse is an open platform for independent artists and labels: deliver releases to Spotify, Apple
          Music, TikTok and 20 more services, follow your streams daily, split royalties with your
          collaborators and get paid from your wallet.
        </p>
        <div css={actions}>
          {signedIn ? (
            <ShellLink href="/albums" css={buttonStyles.primary}>
              Go to your releases
            </ShellLink>
          ) : (
            <>
              <ShellLink href="/auth/signup" css={buttonStyles.primary}>
                Create your account
              </ShellLink>
              <ShellLink href="/auth/login" css={buttonStyles.secondary}>
                Log in
              </ShellLink>
            </>
          )}
        </div>
      </section>
      <nav css={cards} aria-label="Areas">
        {NAV_ITEMS.map((item) => (
          <ShellLink key={item.href} href={item.href}>
            <strong>{item.label}</strong>
            <span>{AREA_BLURBS[item.href]}</span>
          </ShellLink>
        ))}
      </nav>
    </>
  );
}

import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { useShell } from '@tunehouse/area-kit';
import type { HelpTopic } from '@tunehouse/shell-contract';
import { colors } from '@tunehouse/ui';

const linkStyle = css`
  font-size: 0.82rem;
  font-weight: 600;
  color: ${colors.primary};
  white-space: nowrap;
  text-underline-offset: 2px;
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }
`;

/** A link to the help centre's article on a topic (the shell's help-links map), opened in a new tab. */
export function HelpLink({
  topic,
  about,
  children = 'Help',
}: {
  topic: HelpTopic;
  about: string;
  children?: ReactNode;
}) {
  const shell = useShell();
  return (
    <a
      css={linkStyle}
      href={shell.config.helpLinks[topic]}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={`Help: ${about} (opens in a new tab)`}
      data-help={topic}
    >
      {children}
    </a>
  );
}

const withHelpStyle = css`
  position: relative;
  & > a[data-help] {
    position: absolute;
    top: 0.1rem;
    right: 0;
  }
  /* keeps a long label clear of the link */
  & > div > label {
    padding-right: 3rem;
  }
`;

/** A form field with its help link at the right of its label. */
export function WithHelp({
  topic,
  about,
  children,
}: {
  topic: HelpTopic;
  about: string;
  children: ReactNode;
}) {
  return (
    <div css={withHelpStyle}>
      <HelpLink topic={topic} about={about} />
      {children}
    </div>
  );
}

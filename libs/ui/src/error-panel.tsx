import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { Button } from './button.js';
import { errorTitleFor } from './error-titles.js';
import { colors, fonts } from './theme.js';

export interface ErrorPanelProps {
  status: number;
  /** Overrides the title the status gives (the generic variant). */
  title?: string | undefined;
  message?: string | undefined;
  detail?: string | undefined;
  supportEmail: string;
  /** Label and action of the back button. */
  backLabel?: string | undefined;
  onBack: () => void;
  /** Further actions (buttons, and any line about them), shown after the back button in the same row. */
  actions?: ReactNode;
  /** The generic variant shows the status code above the title. */
  variant?: 'public' | 'generic';
}

const wrapper = css`
  max-width: 36rem;
  margin: 4rem auto;
  padding: 0 1.5rem;
  text-align: center;
  color: ${colors.ink};
  h1 {
    font-size: 2rem;
    margin: 0.5rem 0 1rem;
  }
  p {
    color: ${colors.inkSoft};
    line-height: 1.6;
  }
  a {
    color: ${colors.primary};
  }
`;
const code = css`
  font: 700 3.5rem/1 ${fonts.body};
  color: ${colors.primary};
  margin: 0;
`;
const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: 0.75rem;
`;
const detailLine = css`
  margin-top: 2rem;
  font: 0.8rem/1.4 ${fonts.mono};
  color: ${colors.muted};
  word-break: break-word;
`;

/** The error page: title by status, a plea to contact support, a way back, and the status/detail line. */
export function ErrorPanel(props: ErrorPanelProps) {
  const { status, detail, supportEmail, variant = 'public' } = props;
  const title = props.title ?? errorTitleFor(status);
  return (
    <section css={wrapper} role="alert" aria-labelledby="error-title">
      {variant === 'generic' && <p css={code}>{status}</p>}
      <h1 id="error-title">{title}</h1>
      <p>
        {props.message ?? 'Something is off here.'} Please contact{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if this keeps happening.
      </p>
      <div css={actionRow}>
        <Button onClick={props.onBack}>{props.backLabel ?? 'Take me back'}</Button>
        {props.actions}
      </div>
      {detail !== undefined && detail !== '' && (
        <p css={detailLine} data-testid="error-detail">
          status: {status} | detail: {detail}
        </p>
      )}
    </section>
  );
}

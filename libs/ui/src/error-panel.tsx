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
      <Button onClick={props.onBack}>{props.backLabel ?? 'Take me back'}</Button>
      {detail !== undefined && detail !== '' && (
        <p css={detailLine} data-testid="error-detail">
          status: {status} | detail: {detail}
        </p>
      )}
    </section>
  );
}

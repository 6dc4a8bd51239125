import { css, keyframes } from '@emotion/react';
import { colors, radius } from './theme.js';

export interface ProgressBarProps {
  /** What is progressing, e.g. 'Uploading the image'; names the bar for assistive technology. */
  label: string;
  /** Done so far, from 0 to `max`; leave it out (or null) when the amount is not known (indeterminate). */
  value?: number | null | undefined;
  max?: number;
  /** Shows the label (and the percentage) above the bar. */
  showLabel?: boolean;
}

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const trackStyle = css`
  position: relative;
  height: 0.5rem;
  overflow: hidden;
  border-radius: ${radius.round};
  background: ${colors.border};
`;

const fillStyle = css`
  height: 100%;
  border-radius: inherit;
  background: ${colors.primary};
  transition: width 150ms linear;
`;

const movingStyle = css`
  width: 40%;
  height: 100%;
  border-radius: inherit;
  background: ${colors.primary};
  animation: ${slide} 1.2s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    width: 100%;
    opacity: 0.55;
    animation: none;
  }
`;

/** The share of `max` that `value` is, as a whole percentage from 0 to 100. */
export function progressPercent(value: number, max = 100): number {
  if (!Number.isFinite(value) || !(max > 0)) return 0;
  return Math.round(Math.min(1, Math.max(0, value / max)) * 100);
}

/**
 * A progress bar (role=progressbar): determinate with a value, indeterminate without one (a moving stripe, still
 * under reduced motion).
 */
export function ProgressBar({ label, value, max = 100, showLabel = false }: ProgressBarProps) {
  const determinate = typeof value === 'number';
  const percent = determinate ? progressPercent(value, max) : undefined;
  return (
    <div
      css={css`
        display: grid;
        gap: 0.35rem;
      `}
    >
      {showLabel && (
        <div
          aria-hidden="true"
          css={css`
            display: flex;
            justify-content: space-between;
            gap: 1rem;
            font-size: 0.85rem;
            color: ${colors.inkSoft};
          `}
        >
          <span>{label}</span>
          {percent !== undefined && <span>{percent}%</span>}
        </div>
      )}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? 100 : undefined}
        aria-valuenow={percent}
        aria-valuetext={percent === undefined ? undefined : `${percent}%`}
        aria-busy={determinate ? undefined : true}
        data-state={determinate ? 'determinate' : 'indeterminate'}
        css={trackStyle}
      >
        {determinate ? <div css={fillStyle} style={{ width: `${percent}%` }} /> : <div css={movingStyle} />}
      </div>
    </div>
  );
}

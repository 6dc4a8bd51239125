import { css } from '@emotion/react';
import { colors, visuallyHidden } from '@tunehouse/ui';
import { changeDirection, formatChangeSize, type ChangeDirection } from './numbers.js';

const ARROWS: Record<Exclude<ChangeDirection, 'none'>, string> = { up: '▲', down: '▼', flat: '▶' };
const WORDS: Record<Exclude<ChangeDirection, 'none'>, string> = { up: 'up', down: 'down', flat: 'unchanged' };
const TONES: Record<ChangeDirection, string> = {
  up: colors.success,
  down: colors.danger,
  flat: colors.inkSoft,
  none: colors.muted,
};

const style = (direction: ChangeDirection) => css`
  display: inline-flex;
  align-items: baseline;
  gap: 0.3rem;
  white-space: nowrap;
  font-weight: 600;
  color: ${TONES[direction]};
  font-variant-numeric: tabular-nums;
`;

/**
 * A change against the period before: an arrow for its direction and its size in percent. The arrow is hidden from
 * screen readers, which hear "up 12.5%" instead. Without a change (no streams before) it says so.
 */
export function ChangeIndicator({ change }: { change: number | null | undefined }) {
  const direction = changeDirection(change);
  if (direction === 'none') {
    return (
      <span css={style(direction)} data-direction={direction}>
        <span aria-hidden="true">–</span>
        <span css={visuallyHidden}>no earlier streams to compare with</span>
      </span>
    );
  }
  return (
    <span css={style(direction)} data-direction={direction}>
      <span aria-hidden="true">{ARROWS[direction]}</span>
      <span css={visuallyHidden}>{WORDS[direction]} </span>
      {direction === 'flat' ? '0%' : formatChangeSize(change as number)}
    </span>
  );
}

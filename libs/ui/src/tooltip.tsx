import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radius, zIndex } from './theme.js';

/** A tooltip shows after 500 ms by default. */
export const TOOLTIP_DELAY_MS = 500;

export interface TooltipProps {
  /** The text; it also describes the element for assistive technology, shown or not. */
  content: ReactNode;
  /** One element that can be hovered and focused. */
  children: ReactElement<{ 'aria-describedby'?: string | undefined }>;
  delay?: number;
  placement?: 'top' | 'bottom';
}

const bubbleStyle = css`
  position: absolute;
  left: 50%;
  z-index: ${zIndex.dialog + 1};
  transform: translateX(-50%);
  width: max-content;
  max-width: min(18rem, 80vw);
  padding: 0.35rem 0.6rem;
  border-radius: ${radius.small};
  background: ${colors.ink};
  color: #fff;
  font: 500 0.8rem/1.35 ${fonts.body};
  text-align: center;
  pointer-events: none;
  white-space: normal;
`;

/**
 * Shows `content` next to its element after `delay` ms of hovering or focusing it (500 ms by default), and hides
 * it at once on leaving, blurring or Escape.
 */
export function Tooltip({ content, children, delay = TOOLTIP_DELAY_MS, placement = 'top' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const show = () => {
    cancel();
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    cancel();
    setOpen(false);
  };
  useEffect(() => cancel, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    <span
      css={css`
        position: relative;
        display: inline-flex;
      `}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        css={[
          bubbleStyle,
          placement === 'top'
            ? css`
                bottom: calc(100% + 6px);
              `
            : css`
                top: calc(100% + 6px);
              `,
        ]}
      >
        {content}
      </span>
    </span>
  );
}

import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, mq, radius, zIndex } from './theme.js';

/** Why a dialog asked to close (Escape, an outside click, focus leaving it; or its close button). */
export type DialogCloseReason = 'escape' | 'outside-click' | 'focus-left' | 'close-button';

export interface DialogProps {
  open: boolean;
  /** The visible title; it also names the dialog for assistive technology. */
  title: string;
  /** Called when the dialog asks to close; the owner decides by setting `open`. */
  onClose: (reason: DialogCloseReason) => void;
  children: ReactNode;
  /** A line under the title that describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** The action row (buttons), kept visible under a scrolling body. */
  footer?: ReactNode;
  /** What gets focus when the dialog opens; otherwise an element marked `data-autofocus`, the first field, or the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focused on close when the element that opened the dialog is gone (e.g. the row of a deleted item). */
  fallbackFocus?: RefObject<HTMLElement | null>;
  /** While false (e.g. during a save), Escape, outside clicks and focus leaving do not close it. */
  dismissible?: boolean;
  width?: 'narrow' | 'medium' | 'wide';
  closeLabel?: string;
}

const WIDTHS = { narrow: '28rem', medium: '36rem', wide: '44rem' } as const;

const backdropStyle = css`
  position: fixed;
  inset: 0;
  z-index: ${zIndex.dialog};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 0.5rem;
  background: rgb(22 19 31 / 0.45);
  overflow-y: auto;
  ${mq('tablet')} {
    align-items: center;
    padding: 2rem 1rem;
  }
`;

const panelStyle = css`
  position: relative;
  display: flex;
  flex-direction: column;
  width: 100%;
  max-height: calc(100vh - 1rem);
  box-sizing: border-box;
  background: ${colors.paper};
  color: ${colors.ink};
  font-family: ${fonts.body};
  border-radius: ${radius.large};
  box-shadow: 0 24px 48px rgb(0 0 0 / 0.25);
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
  }
  ${mq('tablet')} {
    max-height: calc(100vh - 4rem);
  }
`;

const headerStyle = css`
  display: flex;
  align-items: flex-start;
  gap: 1rem;
  padding: 1.25rem 1.25rem 0.75rem;
  h2 {
    flex: 1;
    min-width: 0;
    margin: 0;
    font-size: 1.3rem;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0.35rem 0 0;
    color: ${colors.inkSoft};
    line-height: 1.5;
  }
  ${mq('tablet')} {
    padding: 1.5rem 1.5rem 0.75rem;
  }
`;

const closeStyle = css`
  flex: none;
  width: 2.25rem;
  height: 2.25rem;
  margin: -0.25rem -0.25rem 0 0;
  border: none;
  border-radius: ${radius.round};
  background: transparent;
  color: ${colors.inkSoft};
  font: 1.5rem/1 ${fonts.body};
  cursor: pointer;
  &:hover {
    background: ${colors.surface};
    color: ${colors.ink};
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
  }
`;

const bodyStyle = css`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: 0.25rem 1.25rem 1.25rem;
  ${mq('tablet')} {
    padding: 0.25rem 1.5rem 1.5rem;
  }
`;

const footerStyle = css`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  border-top: 1px solid ${colors.border};
  ${mq('tablet')} {
    padding: 1rem 1.5rem;
  }
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open dialogs, oldest first: only the topmost one answers Escape, outside clicks and focus leaving. */
const openDialogs: symbol[] = [];
const isTopmost = (token: symbol) => openDialogs[openDialogs.length - 1] === token;

/**
 * A modal dialog (role=dialog, aria-modal, named by its title) above the page, at the dialog layer. It
 * closes on Escape, on a click outside it and when focus leaves it. It focuses its first field when it
 * opens and gives focus back to the element that opened it when it closes (not when focus left it on purpose).
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  title,
  onClose,
  children,
  description,
  footer,
  initialFocus,
  fallbackFocus,
  dismissible = true,
  width = 'medium',
  closeLabel = 'Close',
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  const [token] = useState(() => Symbol('dialog'));
  const panel = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const focusLeft = useRef(false);
  // The latest props for the document listeners, without re-subscribing on every render.
  const latest = useRef({ onClose, dismissible, fallbackFocus });
  useLayoutEffect(() => {
    latest.current = { onClose, dismissible, fallbackFocus };
  });

  // Register before anything is focused, so an outer dialog knows it is no longer on top.
  useLayoutEffect(() => {
    openDialogs.push(token);
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';

    const element = panel.current;
    const target =
      initialFocus?.current ??
      element?.querySelector<HTMLElement>('[data-autofocus]') ??
      element?.querySelector('[data-dialog-body]')?.querySelector<HTMLElement>(FOCUSABLE) ??
      element;
    target?.focus();

    const close = (reason: DialogCloseReason) => {
      if (!isTopmost(token) || !latest.current.dismissible) return;
      if (reason === 'focus-left') focusLeft.current = true;
      latest.current.onClose(reason);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !isTopmost(token)) return;
      event.preventDefault();
      close('escape');
    };
    const onFocusIn = (event: FocusEvent) => {
      const into = event.target;
      if (into instanceof Node && element && !element.contains(into)) close('focus-left');
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      if (openDialogs.length === 0) body.style.overflow = previousOverflow;
      if (focusLeft.current) return;
      const back = opener?.isConnected ? opener : latest.current.fallbackFocus?.current;
      back?.focus();
    };
    // Opening is a one-time event of this component; later prop changes do not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    focusLeft.current = false;
  });

  return (
    <div
      css={backdropStyle}
      data-dialog-backdrop=""
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const outside = pressedOnBackdrop.current && event.target === event.currentTarget;
        pressedOnBackdrop.current = false;
        if (outside && latest.current.dismissible && isTopmost(token))
          latest.current.onClose('outside-click');
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        css={[
          panelStyle,
          css`
            max-width: ${WIDTHS[width]};
          `,
        ]}
      >
        <div css={headerStyle}>
          <div
            css={css`
              flex: 1;
              min-width: 0;
            `}
          >
            <h2 id={titleId}>{title}</h2>
            {description && <p id={descriptionId}>{description}</p>}
          </div>
          <button
            type="button"
            css={closeStyle}
            aria-label={closeLabel}
            disabled={!dismissible}
            onClick={() => onClose('close-button')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div css={bodyStyle} data-dialog-body="">
          {children}
        </div>
        {footer && <div css={footerStyle}>{footer}</div>}
      </div>
    </div>
  );
}

import { useRef, type ReactNode, type RefObject } from 'react';
import { css } from '@emotion/react';
import { Button, buttonStyles } from './button.js';
import { Dialog } from './dialog.js';
import { Notice } from './notice.js';
import { colors } from './theme.js';

/** A primary button in the danger colour, for actions that destroy something. */
export const dangerButtonStyle = css`
  ${buttonStyles.primary};
  background: ${colors.danger};
  &:hover:not(:disabled) {
    background: #a52424;
  }
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` paints the confirm button red (deleting, removing). */
  tone?: 'default' | 'danger';
  /** While true the buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  busyLabel?: string;
  /** Why the action failed (e.g. the server's 409 message); the dialog stays open. */
  error?: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * Asks before an action that cannot be undone. Cancel has the focus when it opens, so Enter never destroys
 * anything by accident; Escape, an outside click and focus leaving cancel, as for any dialog.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  busy = false,
  busyLabel,
  error,
  onConfirm,
  onCancel,
  fallbackFocus,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
      width="narrow"
      onClose={onCancel}
      dismissible={!busy}
      initialFocus={cancel}
      fallbackFocus={fallbackFocus}
      footer={
        <>
          <Button ref={cancel} variant="secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <button
            type="button"
            css={tone === 'danger' ? dangerButtonStyle : buttonStyles.primary}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? (busyLabel ?? `${confirmLabel}…`) : confirmLabel}
          </button>
        </>
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      <div
        css={css`
          color: ${colors.inkSoft};
          line-height: 1.55;
          p {
            margin: 0 0 0.5rem;
          }
        `}
      >
        {children}
      </div>
    </Dialog>
  );
}

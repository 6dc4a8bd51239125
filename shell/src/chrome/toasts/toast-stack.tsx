import { css } from '@emotion/react';
import { colors, fonts, layout, radius, zIndex } from '@tunehouse/ui';
import type { ToastLevel } from '@tunehouse/shell-contract';
import type { Toast } from '../../services/toast-store.js';

const stack = css`
  position: fixed;
  right: 1rem;
  top: calc(${layout.headerHeight} + 1rem);
  z-index: ${zIndex.toast};
  display: grid;
  gap: 0.5rem;
  font-family: ${fonts.body};
`;
const levelColor: Record<ToastLevel, string> = {
  INFO: colors.info,
  ERROR: colors.danger,
  SUCCESS: colors.success,
  WARN: colors.warn,
};

export function ToastStack({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  return (
    <div css={stack} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <button
          key={toast.id}
          type="button"
          data-level={toast.level}
          onClick={() => onDismiss(toast.id)}
          css={css`
            min-width: 16rem;
            max-width: 24rem;
            text-align: left;
            padding: 0.8rem 1rem;
            border: 0;
            border-left: 4px solid ${levelColor[toast.level]};
            border-radius: ${radius.medium};
            background: ${colors.paper};
            color: ${colors.ink};
            box-shadow: 0 6px 24px rgb(22 19 31 / 0.15);
            font: inherit;
            cursor: pointer;
          `}
        >
          {toast.message}
        </button>
      ))}
    </div>
  );
}

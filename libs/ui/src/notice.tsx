import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, radius } from './theme.js';

export type NoticeTone = 'info' | 'success' | 'warn' | 'error';

const toneColor: Record<NoticeTone, string> = {
  info: colors.info,
  success: colors.success,
  warn: colors.warn,
  error: colors.danger,
};

/** An inline message box; errors are announced as alerts, the rest politely. */
export function Notice({ tone = 'info', children }: { tone?: NoticeTone; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      css={css`
        border-left: 4px solid ${toneColor[tone]};
        background: ${colors.surface};
        color: ${colors.ink};
        border-radius: ${radius.small};
        padding: 0.75rem 1rem;
        margin: 0 0 1rem;
        line-height: 1.5;
      `}
    >
      {children}
    </div>
  );
}

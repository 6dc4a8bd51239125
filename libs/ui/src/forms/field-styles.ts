import { css } from '@emotion/react';
import { colors, fonts, radius } from '../theme.js';

export const fieldStyle = css`
  display: grid;
  gap: 0.35rem;
  margin-bottom: 1rem;
  color: ${colors.ink};
  font-family: ${fonts.body};
`;

export const labelStyle = css`
  font-weight: 600;
  font-size: 0.9rem;
`;

export const controlStyle = css`
  width: 100%;
  box-sizing: border-box;
  min-height: 2.6rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${colors.border};
  border-radius: ${radius.medium};
  background: ${colors.paper};
  color: ${colors.ink};
  font: 1rem/1.4 ${fonts.body};
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
    border-color: ${colors.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${colors.danger};
  }
  &:disabled {
    background: ${colors.surface};
    color: ${colors.muted};
  }
`;

export const hintStyle = css`
  font-size: 0.82rem;
  color: ${colors.muted};
  margin: 0;
`;

export const errorStyle = css`
  font-size: 0.85rem;
  color: ${colors.danger};
  margin: 0;
`;

import type { ButtonHTMLAttributes, Ref } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radius } from './theme.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.5rem;
  padding: 0 1.1rem;
  border-radius: ${radius.round};
  border: 1px solid transparent;
  font: 600 0.95rem/1 ${fonts.body};
  cursor: pointer;
  text-decoration: none;
  transition:
    background-color 120ms ease,
    border-color 120ms ease;
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const buttonStyles: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    ${base};
    background: ${colors.primary};
    color: ${colors.primaryInk};
    &:hover:not(:disabled) {
      background: ${colors.primaryHover};
    }
  `,
  secondary: css`
    ${base};
    background: ${colors.paper};
    color: ${colors.ink};
    border-color: ${colors.border};
    &:hover:not(:disabled) {
      border-color: ${colors.inkSoft};
    }
  `,
  ghost: css`
    ${base};
    background: transparent;
    color: ${colors.primary};
    &:hover:not(:disabled) {
      background: ${colors.surface};
    }
  `,
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  return <button type={type} css={buttonStyles[variant]} {...props} />;
}

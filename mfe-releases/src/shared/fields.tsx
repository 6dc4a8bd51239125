import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radius } from '@tunehouse/ui';

const checkRow = css`
  display: flex;
  align-items: flex-start;
  gap: 0.55rem;
  margin-bottom: 0.75rem;
  line-height: 1.4;
  input {
    flex: none;
    width: 1.1rem;
    height: 1.1rem;
    margin: 0.1rem 0 0;
    accent-color: ${colors.primary};
  }
  input:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  small {
    display: block;
    color: ${colors.muted};
    font-size: 0.82rem;
  }
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label (and an optional line under it) to the right. */
export function Checkbox({ label, hint, ref, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div css={checkRow}>
      <input id={id} type="checkbox" ref={ref} {...input} />
      <label htmlFor={id}>
        {label}
        {hint && <small>{hint}</small>}
      </label>
    </div>
  );
}

const areaStyle = css`
  display: grid;
  gap: 0.35rem;
  margin-bottom: 1rem;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 8rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${colors.border};
    border-radius: ${radius.medium};
    font: 1rem/1.5 ${fonts.body};
    color: ${colors.ink};
    resize: vertical;
  }
  textarea:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
    border-color: ${colors.primary};
  }
  textarea[aria-invalid='true'] {
    border-color: ${colors.danger};
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${colors.danger};
  }
`;

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, error, ref, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <div css={areaStyle}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A fieldset without the browser's frame, its legend styled like a field label. */
export const fieldsetStyle = css`
  border: 0;
  margin: 0 0 1rem;
  padding: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 0.5rem;
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

/** Two (or more) fields side by side from the tablet width on. */
export const fieldRow = css`
  display: grid;
  gap: 0 1rem;
  align-items: start;
  @media (min-width: 720px) {
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
`;

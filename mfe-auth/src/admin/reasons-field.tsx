import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radius } from '@tunehouse/ui';

const fieldStyle = css`
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
    min-height: 7rem;
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
    color: ${colors.muted};
  }
  p[role='alert'] {
    color: ${colors.danger};
  }
`;

export interface ReasonsFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area with its hint and error tied to it, like the ui library's TextField (which has none). */
export function ReasonsField({ label, hint, error, ref, ...textarea }: ReasonsFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div css={fieldStyle}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...textarea}
      />
      {hint && <p id={`${id}-hint`}>{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

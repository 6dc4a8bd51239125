import { useId, type ReactNode } from 'react';
import { errorStyle, fieldStyle, hintStyle, labelStyle } from './field-styles.js';

/** What a control needs to be named by its label and described by its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, one control, and its hint and error, tied together for assistive technology. Every form field of the
 * library (text, select, text area) is this frame around its own control.
 */
export function FieldFrame({
  label,
  hint,
  error,
  control,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  control: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div css={fieldStyle}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} css={hintStyle}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} css={errorStyle} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { controlStyle, errorStyle, fieldStyle, hintStyle, labelStyle } from './field-styles.js';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error message; it is announced and linked to the input. */
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function TextField({ label, error, hint, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div css={fieldStyle}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        css={controlStyle}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
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

import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { controlStyle, errorStyle, fieldStyle, hintStyle, labelStyle } from './field-styles.js';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice (e.g. 'Choose a country'). */
  placeholder?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, options, placeholder, error, hint, ref, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div css={fieldStyle}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        css={controlStyle}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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

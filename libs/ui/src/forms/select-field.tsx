import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.js';
import { controlStyle } from './field-styles.js';

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
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(field) => (
        <select {...field} ref={ref} css={controlStyle} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

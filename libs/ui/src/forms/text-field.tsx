import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame } from './field-frame.js';
import { controlStyle } from './field-styles.js';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error message; it is announced and linked to the input. */
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function TextField({ label, error, hint, ref, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(field) => <input {...field} ref={ref} css={controlStyle} {...input} />}
    />
  );
}

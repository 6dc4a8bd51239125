import { css } from '@emotion/react';
import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.js';
import { controlStyle } from './field-styles.js';

const areaStyle = css`
  min-height: 7rem;
  line-height: 1.5;
  resize: vertical;
`;

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area (lyrics, review reasons) whose hint and error are tied to it, like TextField. */
export function TextAreaField({ label, error, hint, ref, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(field) => <textarea {...field} ref={ref} css={[controlStyle, areaStyle]} {...textarea} />}
    />
  );
}

import { css } from '@emotion/react';
import type { InputHTMLAttributes, Ref } from 'react';
import { buttonStyles, colors } from '@tunehouse/ui';

const hiddenInput = css`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  overflow: hidden;
`;

/** A file input shown as a button; the input keeps the focus, the label shows where it is. */
export function FileButton({
  label,
  variant = 'secondary',
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  variant?: 'primary' | 'secondary';
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <label
      css={[
        buttonStyles[variant],
        css`
          position: relative;
          &:focus-within {
            outline: 3px solid ${colors.focus};
            outline-offset: 2px;
          }
        `,
      ]}
    >
      {label}
      <input type="file" css={hiddenInput} ref={ref} {...input} />
    </label>
  );
}

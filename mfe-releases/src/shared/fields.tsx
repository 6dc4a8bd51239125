import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { css } from '@emotion/react';
import { colors } from '@tunehouse/ui';

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

import { css } from '@emotion/react';
import { colors, mq } from '@tunehouse/ui';

/**
 * A row of the editor (a person, a cost) as a fieldset: its fields stacked on a phone, side by side with the
 * Remove button last from a tablet on (`columns` sizes them).
 */
export const editorRowStyle = (columns: string) => css`
  display: grid;
  gap: 0 0.75rem;
  grid-template-columns: 1fr;
  align-items: start;
  border: 0;
  border-top: 1px solid ${colors.border};
  margin: 0;
  padding: 0.75rem 0 0;
  legend {
    padding: 0;
    font-weight: 600;
    font-size: 0.9rem;
    color: ${colors.inkSoft};
  }
  > button {
    justify-self: start;
  }
  ${mq('tablet')} {
    grid-template-columns: ${columns} auto;
    > button {
      margin-top: 1.6rem;
    }
  }
`;

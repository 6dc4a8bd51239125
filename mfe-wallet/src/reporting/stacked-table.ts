import { css } from '@emotion/react';
import { colors, tableStyle } from '@tunehouse/ui';

/**
 * A table on a tablet and up; on a phone each row is a block of lines, each labelled by its column from the cell's
 * `data-label` (the header row is not rendered there: a licence table's sort buttons give way to its sort selects,
 * so no hidden button takes the focus).
 */
export const stackedTable = css`
  ${tableStyle};
  @media (max-width: 719.98px) {
    display: block;
    thead {
      display: none;
    }
    tbody {
      display: block;
    }
    tbody tr {
      display: block;
      padding: 0.6rem 0;
      border-top: 1px solid ${colors.border};
    }
    tbody :where(th, td) {
      display: flex;
      justify-content: space-between;
      gap: 1rem;
      border: 0;
      padding: 0.2rem 0;
      text-align: right;
      overflow-wrap: anywhere;
    }
    tbody :where(th, td)::before {
      content: attr(data-label);
      color: ${colors.inkSoft};
      font-weight: 400;
      text-align: left;
    }
  }
`;

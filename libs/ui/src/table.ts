import { css } from '@emotion/react';
import { breakpoints, colors } from './theme.js';

/**
 * A plain data table: header row on a tint, rows (their row headers included) separated by hairlines. The cell rules weigh no more than one
 * class (`:where`), so a cell's own style (a right-aligned amount column, its header included) wins over them.
 */
export const tableStyle = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  & :where(th) {
    text-align: left;
    font-weight: 600;
    padding: 0.6rem 0.75rem;
  }
  & :where(thead th) {
    color: ${colors.inkSoft};
    background: ${colors.surface};
  }
  /* A row's own header cell (th scope="row") reads as part of its row, hairline included. */
  & :where(td, tbody th, tfoot th) {
    padding: 0.6rem 0.75rem;
    border-top: 1px solid ${colors.border};
    vertical-align: middle;
  }
`;

/** A pill label (status, badges). */
export const badgeStyle = (color: string) => css`
  display: inline-block;
  padding: 0.1rem 0.5rem;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.03em;
  color: #fff;
  background: ${color};
`;

/**
 * The box around a wide table: it scrolls sideways on its own on narrow screens, so the page never does. It is
 * positioned so that the visually hidden (absolutely positioned) texts in the cells stay inside it instead of
 * widening the whole page on a phone.
 */
export const tableScroll = css`
  position: relative;
  overflow-x: auto;
  max-width: 100%;
  -webkit-overflow-scrolling: touch;
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * A data table that becomes a list of small blocks below the tablet breakpoint, where its columns do not fit a
 * phone: the header row is hidden (still read by screen readers), each row is a block and each cell a line, led by
 * its `data-label` ("Expires: …"). For tables whose rows are records to read (keys, sessions), not to compare.
 */
export const stackedTableStyle = css`
  ${tableStyle};
  @media (max-width: ${breakpoints.tablet - 1}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tr,
    td,
    tbody th {
      display: block;
    }
    tr {
      border-top: 1px solid ${colors.border};
      padding: 0.5rem 0;
    }
    & :where(td, tbody th) {
      border: 0;
      padding: 0.2rem 0;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      color: ${colors.muted};
    }
  }
`;

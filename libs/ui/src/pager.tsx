import { css } from '@emotion/react';
import { Button } from './button.js';
import { colors } from './theme.js';

export interface PagerProps {
  /** The paginated list's window. */
  currentOffset: number;
  size: number;
  totalItems?: number | undefined;
  nextOffset?: number | undefined;
  previousOffset?: number | undefined;
  onOffset: (offset: number) => void;
  label?: string;
}

/** Previous/next paging with "Page N of M" (page = offset / size + 1). */
export function Pager({
  currentOffset,
  size,
  totalItems,
  nextOffset,
  previousOffset,
  onOffset,
  label,
}: PagerProps) {
  const page = size > 0 ? Math.floor(currentOffset / size) + 1 : 1;
  const pages = totalItems !== undefined && size > 0 ? Math.ceil(totalItems / size) : 0;
  if (previousOffset === undefined && nextOffset === undefined) return null;
  return (
    <nav
      aria-label={label ?? 'Pages'}
      css={css`
        display: flex;
        align-items: center;
        gap: 1rem;
        justify-content: flex-end;
        margin-top: 1rem;
        color: ${colors.inkSoft};
      `}
    >
      <Button
        variant="secondary"
        disabled={previousOffset === undefined}
        onClick={() => previousOffset !== undefined && onOffset(previousOffset)}
      >
        Previous
      </Button>
      <span aria-live="polite">{pages > 0 ? `Page ${page} of ${pages}` : `Page ${page}`}</span>
      <Button
        variant="secondary"
        disabled={nextOffset === undefined}
        onClick={() => nextOffset !== undefined && onOffset(nextOffset)}
      >
        Next
      </Button>
    </nav>
  );
}

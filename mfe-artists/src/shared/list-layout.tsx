import type { ReactNode } from 'react';
import { css, keyframes } from '@emotion/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '@tunehouse/contracts';
import { messageOf, NavLink } from '@tunehouse/area-kit';
import { Button, Notice, colors, mq, radius, tabBarStyle, visuallyHidden } from '@tunehouse/ui';

// The tabs sit close under the page title.
const tabsStyle = [
  tabBarStyle,
  css`
    margin-top: -0.5rem;
  `,
];

/** The two pages of the area, as tabs under the page title. */
export function AreaTabs() {
  return (
    <nav aria-label="Artists and contributors" css={tabsStyle}>
      <NavLink to="/artists" end>
        Artists
      </NavLink>
      <NavLink to="/artists/contributors">Contributors</NavLink>
    </nav>
  );
}

/** Search, filters and the main action above a list; fields side by side from tablet width. */
export const toolbarStyle = css`
  display: grid;
  gap: 0 0.75rem;
  align-items: end;
  grid-template-columns: 1fr;
  ${mq('tablet')} {
    grid-template-columns: minmax(0, 1fr) minmax(11rem, 14rem) auto;
  }
  > button {
    margin-bottom: 1rem;
  }
`;

export const countStyle = css`
  margin: 0 0 0.75rem;
  color: ${colors.muted};
  font-size: 0.9rem;
`;

/** A box that says there is nothing (yet), with what to do about it. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      css={css`
        display: grid;
        justify-items: center;
        gap: 0.75rem;
        padding: 2.5rem 1.25rem;
        border: 1px dashed #c9c4d8;
        border-radius: ${radius.large};
        background: ${colors.paper};
        text-align: center;
        h2 {
          margin: 0;
          font-size: 1.2rem;
        }
        p {
          margin: 0;
          max-width: 32rem;
          color: ${colors.inkSoft};
          line-height: 1.55;
        }
      `}
    >
      <h2>{title}</h2>
      {children}
      {action}
    </section>
  );
}

/** A list that could not be loaded: what went wrong and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="error">
      <span
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: space-between;
          gap: 0.5rem 1rem;
        `}
      >
        <span>{message}</span>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </span>
    </Notice>
  );
}

const shimmer = keyframes`
  from {
    background-position: 100% 0;
  }
  to {
    background-position: -100% 0;
  }
`;

/** Grey placeholder rows while a list loads; the status line says it in words. */
export function LoadingRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div>
      <p role="status" css={visuallyHidden}>
        {label}
      </p>
      <div
        aria-hidden="true"
        css={css`
          display: grid;
          gap: 0.5rem;
        `}
      >
        {Array.from({ length: rows }, (_, index) => (
          <div
            key={index}
            css={css`
              height: 3.5rem;
              border-radius: ${radius.medium};
              background: linear-gradient(90deg, ${colors.surface}, ${colors.border}, ${colors.surface});
              background-size: 200% 100%;
              animation: ${shimmer} 1.4s ease-in-out infinite;
              @media (prefers-reduced-motion: reduce) {
                animation: none;
              }
            `}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A data table that becomes a stack of cards below tablet width: the header row is hidden there and each cell
 * marked with `data-label` shows its label in front of it.
 */
export const responsiveTableStyle = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th:first-of-type {
    border-top-left-radius: ${radius.large};
  }
  th:last-of-type {
    border-top-right-radius: ${radius.large};
  }
  th {
    text-align: left;
    font-weight: 600;
    color: ${colors.inkSoft};
    background: ${colors.surface};
    padding: 0.6rem 0.75rem;
    white-space: nowrap;
  }
  td {
    padding: 0.65rem 0.75rem;
    border-top: 1px solid ${colors.border};
    vertical-align: middle;
  }
  @media (max-width: 719.98px) {
    thead {
      ${visuallyHidden};
    }
    tbody,
    tr,
    td {
      display: block;
    }
    tr {
      padding: 0.85rem 1rem;
    }
    tr + tr {
      border-top: 1px solid ${colors.border};
    }
    td {
      border: none;
      padding: 0.2rem 0;
    }
    td[data-label] {
      display: inline-block;
      margin-right: 1.25rem;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      color: ${colors.muted};
    }
  }
`;

/** The white, rounded box a list table sits in. */
export const tableCardStyle = css`
  border: 1px solid ${colors.border};
  border-radius: ${radius.large};
  background: ${colors.paper};
`;

/** The action buttons at the end of a row. */
export const rowActionsStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: flex-end;
  @media (max-width: 719.98px) {
    justify-content: flex-start;
    padding-top: 0.5rem;
  }
`;

/**
 * The states of a paged list: loading, failed (with a retry), empty (nothing yet, or nothing matching the
 * search), and the list itself with its count, drawn by `children`.
 */
export function ListStates<Item>({
  query,
  what,
  q,
  filtered = false,
  onClear,
  empty,
  children,
}: {
  query: UseQueryResult<Paginated<Item>>;
  /** Plural and singular noun: ['artists', 'artist']. */
  what: readonly [string, string];
  q: string;
  /** A filter besides the search is set (e.g. a role). */
  filtered?: boolean;
  /** Clears the search and the filters. */
  onClear: () => void;
  /** What shows when there is nothing yet (no search, no filter). */
  empty: ReactNode;
  children: (page: Paginated<Item>) => ReactNode;
}) {
  const page = query.data;
  const [plural, singular] = what;
  if (query.isPending) return <LoadingRows label={`Loading ${plural}…`} />;
  if (!page)
    return (
      <LoadFailed
        message={`The ${plural} could not be loaded. ${messageOf(query.error)}`}
        onRetry={() => void query.refetch()}
      />
    );
  if (page.items.length === 0 && page.previousOffset === undefined)
    return q || filtered ? (
      <EmptyState
        title={q ? `No ${singular} matches “${q}”` : `No ${singular} matches the filter`}
        action={
          <Button variant="secondary" onClick={onClear}>
            {filtered ? 'Clear the search and filter' : 'Clear the search'}
          </Button>
        }
      >
        {q && <p>Check the spelling, or search for part of the name.</p>}
      </EmptyState>
    ) : (
      empty
    );
  const total = page.totalItems ?? page.items.length;
  return (
    <>
      {query.isError && <Notice tone="error">{messageOf(query.error)}</Notice>}
      <p css={countStyle} aria-live="polite">
        {total} {total === 1 ? singular : plural}
        {q && ` matching “${q}”`}
      </p>
      {children(page)}
    </>
  );
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { visuallyHidden } from '@tunehouse/ui';
import { LoadFailure } from './load-failure.js';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The failure drawn over the hidden placeholder, in one grid cell: the part is as tall as the larger of the two. */
const sameCell = { display: 'grid' } as const;
const cell = { gridArea: '1 / 1' } as const;

/**
 * A query's loading and error states (the error with a way to try again), or its content once the data is there:
 * one part of a page that loads on its own, so a failure stays in that part.
 *
 * `placeholder`, when given, is a shape as tall as the content will be: drawn while loading, and kept (hidden)
 * under a failure, so that nothing under the part moves when the answer arrives — the page's layout shift (CLS) on
 * a slow phone (docs/decisions/0082-layout-shift-and-startup-work.md).
 */
export function QueryState<Data>({
  query,
  what,
  children,
  placeholder,
}: {
  query: UseQueryResult<Data>;
  /** What is loading, e.g. 'the balance'. */
  what: string;
  children: (data: Data) => ReactNode;
  placeholder?: ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    const failure = (
      <LoadFailure what={capitalised(what)} error={query.error} retry={() => void query.refetch()} />
    );
    if (placeholder === undefined) return failure;
    return (
      <div style={sameCell}>
        <div style={{ ...cell, visibility: 'hidden' }} aria-hidden="true">
          {placeholder}
        </div>
        <div style={cell}>{failure}</div>
      </div>
    );
  }
  if (placeholder === undefined) return <p role="status">Loading {what}…</p>;
  return (
    <div>
      <span role="status" css={visuallyHidden}>
        Loading {what}…
      </span>
      <div aria-hidden="true">{placeholder}</div>
    </div>
  );
}

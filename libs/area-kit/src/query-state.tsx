import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailure } from './load-failure.js';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A query's loading and error states (the error with a way to try again), or its content once the data is there:
 * one part of a page that loads on its own, so a failure stays in that part.
 */
export function QueryState<Data>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<Data>;
  /** What is loading, e.g. 'the balance'. */
  what: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return <LoadFailure what={capitalised(what)} error={query.error} retry={() => void query.refetch()} />;
  return <p role="status">Loading {what}…</p>;
}

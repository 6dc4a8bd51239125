import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { messageOf } from '@tunehouse/area-kit';
import { Notice } from '@tunehouse/ui';

/** A query's loading and error states, or its content once the data is there. */
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
  if (query.isError) return <Notice tone="error">{messageOf(query.error)}</Notice>;
  return <p role="status">Loading {what}…</p>;
}

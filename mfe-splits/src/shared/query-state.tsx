import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailure, PageLoadError, usePageMeta } from '@tunehouse/area-kit';
import { Page } from '@tunehouse/ui';
import { isMissing } from './is-missing.js';

/** A query's loading and error states (with a way to try again), or its content once the data is there. */
export function QueryState<Data>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<Data>;
  /** What is loading, e.g. 'the splits'. */
  what: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return <LoadFailure what={capitalised(what)} error={query.error} retry={() => void query.refetch()} />;
  return <p role="status">Loading {what}…</p>;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A page that shows one thing loaded by `query`: the error page when it is missing or not the user's (a 4xx),
 * else the heading, `lead` (a way back), and the thing once loaded. The heading does not wait for the data.
 */
export function QueryPage<Data>({
  title,
  query,
  what,
  backTo,
  lead,
  children,
}: {
  title: string;
  query: UseQueryResult<Data>;
  what: string;
  /** Where the error page's way back goes. */
  backTo: string;
  lead?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  usePageMeta(title);
  if (query.isError && isMissing(query.error)) return <PageLoadError error={query.error} backTo={backTo} />;
  return (
    <Page title={title}>
      {lead}
      <QueryState query={query} what={what}>
        {children}
      </QueryState>
    </Page>
  );
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isMissing, PageLoadError, QueryState, usePageMeta } from '@tunehouse/area-kit';
import { Page } from '@tunehouse/ui';

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

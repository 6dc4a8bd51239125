import { queryOptions } from '@tanstack/react-query';
import { call, endpoints, type AdminUserListQuery } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type ListQuery = Pick<AdminUserListQuery, 'offset' | 'size'> & { q?: string | undefined };

export const adminKeys = {
  all: ['admin', 'users'] as const,
  list: (query: ListQuery) => [...adminKeys.all, query] as const,
  audit: (offset: number) => ['admin', 'impersonations', offset] as const,
  actions: (offset: number) => ['admin', 'audit', offset] as const,
};

/** The audit log of admins' changes, newest first. */
export function adminAuditQuery(api: ShellContext['api'], offset: number, size = 25) {
  return queryOptions({
    queryKey: adminKeys.actions(offset),
    queryFn: ({ signal }) => call(api, endpoints.audit.list, { query: { offset, size } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function impersonationAuditQuery(api: ShellContext['api'], offset: number, size = 10) {
  return queryOptions({
    queryKey: adminKeys.audit(offset),
    queryFn: ({ signal }) =>
      call(api, endpoints.admin.impersonations, { query: { offset, size } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function adminUsersQuery(api: ShellContext['api'], query: ListQuery) {
  return queryOptions({
    queryKey: adminKeys.list(query),
    queryFn: ({ signal }) => call(api, endpoints.admin.users, { query }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function setSuspended(api: ShellContext['api'], userId: string | number, suspended: boolean) {
  const params = { id: String(userId) };
  return call(api, suspended ? endpoints.admin.suspend : endpoints.admin.unsuspend, { params });
}

/** Bank accounts waiting for an administrator: their holder is not the account's verified name (decision 0062). */
export const holderReviewKeys = {
  all: ['admin', 'payment-methods'] as const,
  page: (offset: number) => [...holderReviewKeys.all, offset] as const,
};

export function holderReviewQueueQuery(api: ShellContext['api'], offset: number, size = 20) {
  return queryOptions({
    queryKey: holderReviewKeys.page(offset),
    queryFn: ({ signal }) =>
      call(api, endpoints.billing.holderQueue, { query: { offset, size } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function decideHolderReview(api: ShellContext['api'], id: string, decision: 'approve' | 'reject') {
  const decide = decision === 'approve' ? endpoints.billing.approveHolder : endpoints.billing.rejectHolder;
  return call(api, decide, { params: { id } });
}

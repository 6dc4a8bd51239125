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

/** The content review queue: SUBMITTED releases of every account, oldest first (the API's default). */
export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  page: (offset: number) => [...reviewKeys.all, offset] as const,
  detail: (albumId: string | number) => [...reviewKeys.all, 'detail', String(albumId)] as const,
};

export function reviewQueueQuery(api: ShellContext['api'], offset: number, size = 20) {
  return queryOptions({
    queryKey: reviewKeys.page(offset),
    queryFn: ({ signal }) =>
      call(api, endpoints.releases.reviews.queue, { query: { offset, size } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/**
 * One waiting release with its tracks (audio URLs included) and artwork, for the review dialog. Not refetched on
 * focus: once decided it is 404, and the dialog keeps what the reviewer was looking at.
 */
export function reviewDetailQuery(api: ShellContext['api'], albumId: string | number) {
  return queryOptions({
    queryKey: reviewKeys.detail(albumId),
    queryFn: ({ signal }) =>
      call(api, endpoints.releases.reviews.get, { params: { albumId: String(albumId) } }, { signal }),
    staleTime: Infinity,
  });
}

export function acceptReview(api: ShellContext['api'], albumId: string | number) {
  return call(api, endpoints.releases.reviews.accept, { params: { albumId: String(albumId) } });
}

export function rejectReview(api: ShellContext['api'], albumId: string | number, reasons: string[]) {
  return call(api, endpoints.releases.reviews.reject, {
    params: { albumId: String(albumId) },
    body: { reasons },
  });
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

import { queryOptions } from '@tanstack/react-query';
import {
  adminReviewDecisionSchema,
  adminReviewDetailSchema,
  adminReviewPageSchema,
  adminUserPageSchema,
  adminUserSchema,
  impersonationAuditPageSchema,
  type AdminUserListQuery,
} from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type ListQuery = Pick<AdminUserListQuery, 'offset' | 'size'> & { q?: string | undefined };

export const adminKeys = {
  all: ['admin', 'users'] as const,
  list: (query: ListQuery) => [...adminKeys.all, query] as const,
  audit: (offset: number) => ['admin', 'impersonations', offset] as const,
};

export function impersonationAuditQuery(api: ShellContext['api'], offset: number, size = 10) {
  return queryOptions({
    queryKey: adminKeys.audit(offset),
    queryFn: ({ signal }) =>
      api.request({
        method: 'GET',
        path: '/v1/admin/impersonations',
        query: { offset, size },
        schema: impersonationAuditPageSchema,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function adminUsersQuery(api: ShellContext['api'], query: ListQuery) {
  return queryOptions({
    queryKey: adminKeys.list(query),
    queryFn: ({ signal }) =>
      api.request({ method: 'GET', path: '/v1/admin/users', query, schema: adminUserPageSchema, signal }),
    placeholderData: (previous) => previous,
  });
}

export function setSuspended(api: ShellContext['api'], userId: string | number, suspended: boolean) {
  return api.request({
    method: 'POST',
    path: `/v1/admin/users/${userId}/${suspended ? 'suspend' : 'unsuspend'}`,
    schema: adminUserSchema,
  });
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
      api.request({
        method: 'GET',
        path: '/v1/admin/reviews',
        query: { offset, size },
        schema: adminReviewPageSchema,
        signal,
      }),
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
      api.request({
        method: 'GET',
        path: `/v1/admin/reviews/${albumId}`,
        schema: adminReviewDetailSchema,
        signal,
      }),
    staleTime: Infinity,
  });
}

export function acceptReview(api: ShellContext['api'], albumId: string | number) {
  return api.request({
    method: 'POST',
    path: `/v1/admin/reviews/${albumId}/accept`,
    schema: adminReviewDecisionSchema,
  });
}

export function rejectReview(api: ShellContext['api'], albumId: string | number, reasons: string[]) {
  return api.request({
    method: 'POST',
    path: `/v1/admin/reviews/${albumId}/reject`,
    body: { reasons },
    schema: adminReviewDecisionSchema,
  });
}

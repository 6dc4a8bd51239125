import { queryOptions } from '@tanstack/react-query';
import {
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

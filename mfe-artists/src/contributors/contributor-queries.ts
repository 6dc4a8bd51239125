import { queryOptions } from '@tanstack/react-query';
import {
  contributorPageSchema,
  contributorSchema,
  roleOptionsSchema,
  type Contributor,
  type CreateContributorRequest,
  type CreditRole,
  type UpdateContributorRequest,
} from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];

export interface ContributorListParams {
  q?: string | undefined;
  role?: CreditRole | undefined;
  offset: number;
  size: number;
}

export const contributorKeys = {
  all: ['contributors'] as const,
  lists: () => [...contributorKeys.all, 'list'] as const,
  list: (params: ContributorListParams) => [...contributorKeys.lists(), params] as const,
  /** The credit roles come from the artists' roles call (scope contributor). */
  roles: () => ['artists', 'roles', 'contributor'] as const,
};

/** GET /v2/contributors, by name; the page shown stays while the next one loads. */
export function contributorsQuery(api: Api, params: ContributorListParams) {
  return queryOptions({
    queryKey: contributorKeys.list(params),
    queryFn: ({ signal }) =>
      api.request({
        method: 'GET',
        path: '/v2/contributors',
        query: { q: params.q, role: params.role, offset: params.offset, size: params.size },
        schema: contributorPageSchema,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

/** GET /v1/artists/roles?scope=contributor: the credit roles with their display names. */
export function contributorRolesQuery(api: Api) {
  return queryOptions({
    queryKey: contributorKeys.roles(),
    queryFn: ({ signal }) =>
      api.request({
        method: 'GET',
        path: '/v1/artists/roles',
        query: { scope: 'contributor' },
        schema: roleOptionsSchema,
        signal,
      }),
  });
}

export function createContributor(api: Api, body: CreateContributorRequest): Promise<Contributor> {
  return api.request({ method: 'POST', path: '/v1/contributors', body, schema: contributorSchema });
}

export function updateContributor(
  api: Api,
  id: Contributor['id'],
  body: UpdateContributorRequest,
): Promise<Contributor> {
  return api.request({ method: 'POST', path: `/v1/contributors/${id}`, body, schema: contributorSchema });
}

export function deleteContributor(api: Api, id: Contributor['id']): Promise<void> {
  return api.request({ method: 'DELETE', path: `/v1/contributors/${id}` });
}

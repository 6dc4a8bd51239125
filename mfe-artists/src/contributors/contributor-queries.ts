import { queryOptions } from '@tanstack/react-query';
import {
  call,
  endpoints,
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

/** The account's contributors, by name; the page shown stays while the next one loads. */
export function contributorsQuery(api: Api, params: ContributorListParams) {
  return queryOptions({
    queryKey: contributorKeys.list(params),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.contributors.list,
        { query: { q: params.q, role: params.role, offset: params.offset, size: params.size } },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

/** The credit roles with their display names (the roles of the contributor scope). */
export function contributorRolesQuery(api: Api) {
  return queryOptions({
    queryKey: contributorKeys.roles(),
    queryFn: ({ signal }) =>
      call(api, endpoints.artists.roles, { query: { scope: 'contributor' } }, { signal }),
  });
}

export function createContributor(api: Api, body: CreateContributorRequest): Promise<Contributor> {
  return call(api, endpoints.contributors.create, { body });
}

export function updateContributor(
  api: Api,
  id: Contributor['id'],
  body: UpdateContributorRequest,
): Promise<Contributor> {
  return call(api, endpoints.contributors.update, { params: { id: String(id) }, body });
}

export function deleteContributor(api: Api, id: Contributor['id']): Promise<void> {
  return call(api, endpoints.contributors.remove, { params: { id: String(id) } });
}

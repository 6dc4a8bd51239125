import { queryOptions } from '@tanstack/react-query';
import { call, endpoints, type SplitPutBody } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];

export interface SplitListParams {
  role?: 'owner' | 'participant' | undefined;
  offset: number;
  size: number;
}

/** Everything of the area under ['splits']. */
export const splitKeys = {
  all: ['splits'] as const,
  list: (params: SplitListParams) => [...splitKeys.all, 'list', params] as const,
  detail: (id: string) => [...splitKeys.all, 'detail', id] as const,
  ofAlbum: (albumId: string) => [...splitKeys.all, 'album', albumId] as const,
  release: (albumId: string) => [...splitKeys.all, 'release', albumId] as const,
  invite: (code: string) => [...splitKeys.all, 'invite', code] as const,
};

/** A page of the splits I own or take part in; the page shown stays while the next one loads. */
export function splitListQuery(api: Api, params: SplitListParams) {
  return queryOptions({
    queryKey: splitKeys.list(params),
    queryFn: ({ signal }) => call(api, endpoints.splits.list, { query: params }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function splitQuery(api: Api, id: string) {
  return queryOptions({
    queryKey: splitKeys.detail(id),
    queryFn: ({ signal }) => call(api, endpoints.splits.get, { params: { id } }, { signal }),
  });
}

/** The release's split, or null with the first month a split could start. */
export function albumSplitQuery(api: Api, albumId: string) {
  return queryOptions({
    queryKey: splitKeys.ofAlbum(albumId),
    queryFn: ({ signal }) => call(api, endpoints.splits.ofAlbum, { params: { id: albumId } }, { signal }),
  });
}

/**
 * The release itself (title, artwork, tracks), for a release that has no split yet: the split's answer names
 * the release only once there is a split. Only the owner can read it, and only the owner gets that far.
 */
export function releaseQuery(api: Api, albumId: string) {
  return queryOptions({
    queryKey: splitKeys.release(albumId),
    queryFn: ({ signal }) =>
      call(api, endpoints.releases.albums.get, { params: { id: albumId } }, { signal }),
  });
}

/** The invite behind a link; a missing or replaced one is not worth asking again. */
export function inviteQuery(api: Api, code: string) {
  return queryOptions({
    queryKey: splitKeys.invite(code),
    queryFn: ({ signal }) => call(api, endpoints.splits.invite, { params: { code } }, { signal }),
    retry: false,
  });
}

export const putSplit = (api: Api, albumId: string, body: SplitPutBody) =>
  call(api, endpoints.splits.put, { params: { id: albumId }, body });

export const resendInvite = (api: Api, id: string, participantId: string) =>
  call(api, endpoints.splits.resend, { params: { id, participantId } });

/** Moves what was held for the participant back to the owner; the key makes a retry the same revocation. */
export const revokeInvite = (api: Api, id: string, participantId: string, idempotencyKey: string) =>
  call(api, endpoints.splits.revoke, {
    params: { id, participantId },
    headers: { 'idempotency-key': idempotencyKey },
  });

/** Accepts or declines; the key makes a retry after a lost answer the same answer, never a second transfer. */
export const answerInvite = (api: Api, code: string, answer: 'accept' | 'decline', idempotencyKey: string) =>
  call(api, endpoints.splits[answer], {
    params: { code },
    headers: { 'idempotency-key': idempotencyKey },
  });

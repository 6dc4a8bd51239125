import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

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

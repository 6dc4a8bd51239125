import { queryOptions } from '@tanstack/react-query';
import { call, endpoints, type RateTableBody } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];
const api = endpoints.periods;

/**
 * While a close runs (a job, seconds to a minute) the open period is read again this often; the list is read
 * again once it has closed (summing a large open month's lines on every poll would cost the close time).
 */
export const CLOSING_REFRESH_MS = 5000;

export const periodKeys = {
  all: ['admin', 'periods'] as const,
  list: () => [...periodKeys.all, 'list'] as const,
  detail: (id: string) => [...periodKeys.all, 'detail', id] as const,
};

/** The periods, newest month first. */
export function periodsQuery(shell: Api) {
  return queryOptions({
    queryKey: periodKeys.list(),
    queryFn: ({ signal }) => call(shell, api.list, {}, { signal }),
  });
}

/** One period with its report files; read again every few seconds while it is closing. */
export function periodQuery(shell: Api, id: string) {
  return queryOptions({
    queryKey: periodKeys.detail(id),
    queryFn: ({ signal }) => call(shell, api.get, { params: { id } }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'CLOSING' ? CLOSING_REFRESH_MS : false),
  });
}

export const setRate = (shell: Api, id: string, currency: string, ratePpb: number) =>
  call(shell, api.setRate, { params: { id, currency }, body: { ratePpb } });

/** The rates a reference-rate table would set in each open period (nothing written). */
export const previewRateTable = (shell: Api, body: RateTableBody) =>
  call(shell, api.previewRateTable, { body });

/** Sets the open periods' rates from the table, as previewed. */
export const applyRateTable = (shell: Api, body: RateTableBody) => call(shell, api.applyRateTable, { body });

export const previewClose = (shell: Api, id: string) => call(shell, api.closePreview, { params: { id } });

/** Starts the close; the same key on a retry answers the same close instead of a conflict. */
export const closePeriod = (shell: Api, id: string, idempotencyKey: string) =>
  call(shell, api.close, { params: { id }, headers: { 'idempotency-key': idempotencyKey } });

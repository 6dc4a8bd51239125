import { queryOptions } from '@tanstack/react-query';
import {
  call,
  endpoints,
  REPORT_FILE_FIELD,
  type Paginated,
  type ReportFile,
  type ReportUpload,
} from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];

/** How often the list is read again while a file waits for its load job (the job takes seconds to minutes). */
export const PENDING_REFRESH_MS = 3000;

export const reportKeys = {
  all: ['admin', 'reports'] as const,
  page: (offset: number, size: number) => [...reportKeys.all, 'page', offset, size] as const,
  unmatched: (fileId: string, offset: number, size: number) =>
    [...reportKeys.all, 'unmatched', fileId, offset, size] as const,
};

/** Whether any file of a page still waits for its load job. */
export const hasPending = (page: Paginated<ReportFile> | undefined) =>
  page?.items.some((file) => file.status === 'PENDING') ?? false;

/** Report files, newest first; read again every few seconds while one of them is PENDING. */
export function reportFilesQuery(api: Api, offset: number, size: number) {
  return queryOptions({
    queryKey: reportKeys.page(offset, size),
    queryFn: ({ signal }) => call(api, endpoints.reports.list, { query: { offset, size } }, { signal }),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (hasPending(query.state.data) ? PENDING_REFRESH_MS : false),
  });
}

/** The lines of one file whose ISRC/UPC matched nothing, by line number. */
export function unmatchedLinesQuery(api: Api, fileId: string, offset: number, size: number) {
  return queryOptions({
    queryKey: reportKeys.unmatched(fileId, offset, size),
    queryFn: ({ signal }) =>
      call(api, endpoints.reports.unmatched, { params: { id: fileId }, query: { offset, size } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/**
 * Uploads a report: the file PENDING (202), or the file already known with `duplicate: true` (200).
 * `onProgress` gets the share of the body sent, 0–100.
 */
export function uploadReport(
  api: Api,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<ReportUpload> {
  const body = new FormData();
  body.append(REPORT_FILE_FIELD, file, file.name);
  return call(
    api,
    endpoints.reports.upload,
    { body },
    onProgress
      ? {
          onUploadProgress: (loaded: number, total: number) =>
            onProgress(total > 0 ? (loaded / total) * 100 : 0),
        }
      : {},
  );
}

import { queryOptions } from '@tanstack/react-query';
import { call, endpoints, type JobQueue } from '@tunehouse/contracts';
import { parseRegistry, type ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];

export const operationsKeys = {
  all: ['admin', 'operations'] as const,
  overview: () => [...operationsKeys.all, 'overview'] as const,
  failedJobs: () => [...operationsKeys.all, 'failed-jobs'] as const,
  failedDeliveries: () => [...operationsKeys.all, 'failed-deliveries'] as const,
  reportLoads: () => [...operationsKeys.all, 'report-loads'] as const,
  areas: () => [...operationsKeys.all, 'areas'] as const,
};

/** Read afresh every 30 s while the page is open: an operator leaves it on a screen. */
const REFRESH_MS = 30_000;

export const overviewQuery = (api: Api) =>
  queryOptions({
    queryKey: operationsKeys.overview(),
    queryFn: ({ signal }) => call(api, endpoints.operations.overview, {}, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const failedJobsQuery = (api: Api) =>
  queryOptions({
    queryKey: operationsKeys.failedJobs(),
    queryFn: ({ signal }) => call(api, endpoints.operations.failedJobs, {}, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const failedDeliveriesQuery = (api: Api) =>
  queryOptions({
    queryKey: operationsKeys.failedDeliveries(),
    queryFn: ({ signal }) => call(api, endpoints.operations.failedDeliveries, {}, { signal }),
    refetchInterval: REFRESH_MS,
  });

/** The latest report loads: the reports list the analytics area's report screen reads, its first page. */
export const reportLoadsQuery = (api: Api) =>
  queryOptions({
    queryKey: operationsKeys.reportLoads(),
    queryFn: ({ signal }) =>
      call(api, endpoints.reports.list, { query: { offset: 0, size: 10 } }, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const retryJob = (api: Api, queue: JobQueue, id: string) =>
  call(api, endpoints.operations.retryJob, { params: { queue, id } });

/**
 * The registry of areas the shell loads at start (`/remotes.json` on the web origin, the shell's default), read
 * again here: each area's deployed version is in it. The shell context does not hand the registry to areas; a
 * shell configured with another `registryUrl` is not followed (the page then says it could not read it).
 */
const REGISTRY_URL = '/remotes.json';

export const areaVersionsQuery = () =>
  queryOptions({
    queryKey: operationsKeys.areas(),
    queryFn: async ({ signal }) => {
      const response = await fetch(REGISTRY_URL, { signal, cache: 'no-cache' });
      if (!response.ok) throw new Error(`The registry of areas answered ${response.status}`);
      const parsed = parseRegistry(await response.json());
      if (!parsed.ok) throw new Error(`The registry of areas is not valid: ${parsed.detail}`);
      return Object.entries(parsed.registry.areas)
        .map(([name, entry]) => ({ name, version: entry.version, routes: entry.routes }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });

import { createApiClient } from '@tunehouse/api-client';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './create-shell-context.js';

/**
 * The shell's real query client over the real API client, counting what reaches the network: the two used to
 * retry each other's retries (3 HTTP attempts × 4 query tries = 12 requests for one failing read). One layer
 * retries now (decision 0066).
 */
function countingApi(status: number) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ error: { code: 'X', message: 'no' } }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  const api = createApiClient({
    baseUrl: 'http://api.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep: async () => undefined,
    botCheck: null,
    logger: { warn: () => undefined, error: () => undefined },
  });
  return { api, fetch };
}

describe('a failing query, counted in requests', () => {
  it.each([
    [503, 3],
    [502, 3],
    [404, 1],
    [500, 1],
  ])('answered %i every time, makes %i requests in all', async (status, requests) => {
    const { api, fetch } = countingApi(status);
    const queryClient = createQueryClient();
    await expect(
      queryClient.fetchQuery({
        queryKey: ['wallet'],
        queryFn: () => api.request({ method: 'GET', path: '/v1/wallet' }),
        // fetchQuery takes the client's default retry unless told otherwise, as useQuery does.
      }),
    ).rejects.toMatchObject({ status });
    expect(fetch).toHaveBeenCalledTimes(requests);
  });

  it('a failing mutation is sent once', async () => {
    const { api, fetch } = countingApi(502);
    const queryClient = createQueryClient();
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => api.request({ method: 'POST', path: '/v1/albums', body: {} }),
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 502 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

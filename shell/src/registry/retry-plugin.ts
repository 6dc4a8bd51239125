import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { retryWithBackoff, type BackoffOptions } from './backoff.js';

/** Answers worth asking again: the server is busy, restarting or timed out, as opposed to "no such file". */
const TRANSIENT_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

class TransientResponseError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export interface RemoteRetryOptions extends BackoffOptions {
  /** What asks for a file once (the integrity check, in the shell). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/**
 * A Module Federation runtime plugin that retries, with growing waits, the two requests a remote's loading makes:
 * the manifest (through the runtime's `fetch` hook) and the remote entry script (through `loadEntryError`, which
 * the runtime calls once its own load of the script failed). What still fails after the retries reaches
 * `loadRemote`'s caller as before.
 */
export function remoteRetryPlugin(options: RemoteRetryOptions): ModuleFederationRuntimePlugin {
  const fetchOnce = async (url: string, init: RequestInit): Promise<Response> => {
    const response = await (options.fetch ?? fetch)(url, init);
    if (TRANSIENT_STATUS.has(response.status)) throw new TransientResponseError(response.status);
    return response;
  };
  return {
    name: 'tunehouse-remote-retry',
    fetch: (url, init) => retryWithBackoff(() => fetchOnce(url, init), options),
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      if (options.policy.retries === 0) return Promise.resolve(undefined);
      const recovered = retryWithBackoff(
        async () => {
          // The runtime keeps the failed load under this key and would hand it back instead of loading anew.
          delete globalLoading[uniqueKey];
          const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (!entry) throw new Error(`remote entry of '${remoteInfo.name}' did not load`);
          return entry;
        },
        options,
        1,
      );
      // The hook's declared type nests a promise the runtime flattens when it awaits the result.
      return recovered as unknown as ReturnType<LoadEntryError>;
    },
  };
}

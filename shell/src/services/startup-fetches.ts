/**
 * The two files the shell reads before anything else can happen — its config and the registry of areas — asked
 * for by the entry script, while the shell's own chunks (React, the session, the chrome) are still on their way.
 * Bootstrap takes these answers instead of fetching the files one after the other once it runs. A registry at
 * another URL (shell-config.json's `registryUrl`) is fetched when bootstrap knows it; the early one goes unused.
 */
export const SHELL_CONFIG_URL = '/shell-config.json';
export const DEFAULT_REGISTRY_URL = '/remotes.json';

const early = new Map<string, Promise<Response>>();

const keyOf = (url: string | URL) => new URL(url, window.location.href).href;
// Both files change with every deploy: always revalidated.
const request = (url: string | URL) => fetch(url, { cache: 'no-cache' });

/** Called by the entry script, before the shell's code loads. */
export function fetchStartupFilesEarly(): void {
  for (const url of [SHELL_CONFIG_URL, DEFAULT_REGISTRY_URL]) {
    const answer = request(url);
    // A failure reaches whoever takes the answer; an answer nobody takes is no error.
    answer.catch(() => undefined);
    early.set(keyOf(url), answer);
  }
}

/** The entry's early answer for `url`, taken once; otherwise a fetch now. */
export function startupFetch(url: string | URL): Promise<Response> {
  const key = keyOf(url);
  const answer = early.get(key);
  early.delete(key);
  return answer ?? request(url);
}

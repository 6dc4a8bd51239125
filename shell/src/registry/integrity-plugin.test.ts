import { describe, expect, it } from 'vitest';
import { IntegrityError, isIntegrityFailure, sha384Integrity } from './integrity.js';
import { remoteEntryUrl, remoteIntegrityPlugin } from './integrity-plugin.js';

const MANIFEST_URL = 'http://127.0.0.1:4202/releases/0.1.0-abc/mf-manifest.json';
const ENTRY_URL = 'http://127.0.0.1:4202/releases/0.1.0-abc/remoteEntry.js';
const manifestText = JSON.stringify({
  name: 'tunehouse_releases',
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
});
const entryText = 'var tunehouse_releases = {};';
/**
 * Computed outside the code under test (`openssl dgst -sha384 -binary | base64`, as the release tool's Node hash
 * gives): the values a registry would carry for these two files.
 */
const MANIFEST_SRI = 'sha384-8KYfna6kpzUqHmAEl62cotPm1FfQG5O9B7P8lGk7cRPVzFnzOBXl9jYozka+I0dW';
const ENTRY_SRI = 'sha384-sG2tgF8k97ThpnFQ06I0XV4uQUiko1JiK65Igp8VgKRMcTGDtDwO0aDr9A6GP+H8';

/** An area origin seen through fetch: the manifest and entry as they are now (a test may change them). */
function origin(files: Record<string, string | 'down'>) {
  const requests: string[] = [];
  const fetch = async (url: string) => {
    requests.push(url);
    const body = files[url];
    if (body === 'down') throw new TypeError('Failed to fetch');
    return body === undefined
      ? new Response('Not found', { status: 404 })
      : new Response(body, { status: 200 });
  };
  return { fetch, requests };
}

const published = { manifest: MANIFEST_SRI, entry: ENTRY_SRI };
const pluginFor = (files: Record<string, string | 'down'>, integrity = published) => {
  const server = origin(files);
  const plugin = remoteIntegrityPlugin({
    remotes: [{ name: 'tunehouse_releases', manifest: MANIFEST_URL, integrity }],
    fetch: server.fetch,
  });
  return { plugin, server };
};

type CreateScriptArgs = Parameters<NonNullable<ReturnType<typeof remoteIntegrityPlugin>['createScript']>>[0];
type EntryErrorArgs = Parameters<NonNullable<ReturnType<typeof remoteIntegrityPlugin>['loadEntryError']>>[0];
const entryError = { remoteInfo: { name: 'tunehouse_releases' } } as unknown as EntryErrorArgs;

describe('sha384Integrity', () => {
  it('computes the value a browser checks, as Node computes it', async () => {
    expect(await sha384Integrity(new TextEncoder().encode(entryText).buffer)).toBe(ENTRY_SRI);
  });
});

describe('remoteIntegrityPlugin: the manifest', () => {
  it('passes a manifest whose digest matches, with its body intact', async () => {
    const { plugin } = pluginFor({ [MANIFEST_URL]: manifestText });
    const response = await plugin.verifiedFetch(MANIFEST_URL, {});
    expect(await response.json()).toEqual(JSON.parse(manifestText));
  });

  it('refuses a manifest changed after publishing, with an error that is not retried', async () => {
    const { plugin } = pluginFor({ [MANIFEST_URL]: manifestText.replace('remoteEntry.js', 'evil.js') });
    const refusal = plugin.verifiedFetch(MANIFEST_URL, {});
    await expect(refusal).rejects.toThrow(IntegrityError);
    await expect(refusal).rejects.toMatchObject({ retryable: false });
  });

  it('leaves alone what the registry gives no integrity for, and answers that are not files', async () => {
    const tampered = manifestText.replace('remoteEntry.js', 'evil.js');
    const { plugin } = pluginFor({ 'http://other.test/mf-manifest.json': tampered });
    expect((await plugin.verifiedFetch('http://other.test/mf-manifest.json', {})).status).toBe(200);
    expect((await plugin.verifiedFetch(MANIFEST_URL, {})).status).toBe(404);
  });
});

describe('remoteIntegrityPlugin: the remote entry', () => {
  it('loads the entry the verified manifest names with its integrity and a CORS request', async () => {
    const { plugin } = pluginFor({ [MANIFEST_URL]: manifestText });
    expect(plugin.createScript?.({ url: ENTRY_URL } as CreateScriptArgs)).toBeUndefined();
    await plugin.verifiedFetch(MANIFEST_URL, {});
    const script = plugin.createScript?.({ url: ENTRY_URL } as CreateScriptArgs) as HTMLScriptElement;
    expect(script.src).toBe(ENTRY_URL);
    expect(script.integrity).toBe(published.entry);
    expect(script.crossOrigin).toBe('anonymous');
    // Other scripts (chunks, other remotes) are the runtime's own business.
    expect(
      plugin.createScript?.({ url: 'http://127.0.0.1:4202/x/1.js' } as CreateScriptArgs),
    ).toBeUndefined();
  });

  it('refuses at once an entry that did not run because its bytes are not the published ones', async () => {
    const { plugin, server } = pluginFor({ [MANIFEST_URL]: manifestText, [ENTRY_URL]: `${entryText}/*x*/` });
    await plugin.verifiedFetch(MANIFEST_URL, {});
    await expect(plugin.loadEntryError?.(entryError)).rejects.toThrow("the code of 'tunehouse_releases'");
    expect(server.requests).toEqual([MANIFEST_URL, ENTRY_URL]);
  });

  it('leaves an entry that did not arrive, or arrived intact, to the retry plugin', async () => {
    const down = pluginFor({ [MANIFEST_URL]: manifestText, [ENTRY_URL]: 'down' });
    await down.plugin.verifiedFetch(MANIFEST_URL, {});
    await expect(down.plugin.loadEntryError?.(entryError)).resolves.toBeUndefined();
    const intact = pluginFor({ [MANIFEST_URL]: manifestText, [ENTRY_URL]: entryText });
    await intact.plugin.verifiedFetch(MANIFEST_URL, {});
    await expect(intact.plugin.loadEntryError?.(entryError)).resolves.toBeUndefined();
  });
});

describe('remoteEntryUrl', () => {
  it('resolves the entry as the runtime does: beside the manifest, or under an explicit public path', () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: './js/' } },
    };
    expect(remoteEntryUrl(manifest, MANIFEST_URL)).toBe(
      'http://127.0.0.1:4202/releases/0.1.0-abc/js/remoteEntry.js',
    );
    const cdn = { metaData: { publicPath: 'https://cdn.test/r/', remoteEntry: { name: 'remoteEntry.js' } } };
    expect(remoteEntryUrl(cdn, MANIFEST_URL)).toBe('https://cdn.test/r/remoteEntry.js');
  });
});

describe('isIntegrityFailure', () => {
  it('knows the refusal also inside the runtime’s own error, which keeps its text', () => {
    expect(isIntegrityFailure(new IntegrityError('x'))).toBe(true);
    expect(
      isIntegrityFailure(
        new Error(`Failed to get manifest. #RUNTIME-003 ${String(new IntegrityError('x'))}`),
      ),
    ).toBe(true);
    expect(isIntegrityFailure(new Error('Failed to fetch'))).toBe(false);
  });
});

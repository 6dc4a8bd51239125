import { describe, expect, it } from 'vitest';
import { downloadArea, firstFilesOf } from './download-area.js';

const MANIFEST_URL = 'https://cdn.example.org/areas/analytics/0.1.0-abc/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [{ name: 'react', assets: { js: { sync: ['181.aaaaaaaa.js'] } } }],
  exposes: [
    {
      path: './app',
      assets: {
        js: { sync: ['641.bbbbbbbb.js', '__federation_expose_app.cccccccc.js'], async: ['16.dddddddd.js'] },
        css: { sync: [], async: [] },
      },
    },
  ],
};
const base = 'https://cdn.example.org/areas/analytics/0.1.0-abc/';

describe('firstFilesOf', () => {
  it('names the remote entry and the ./app chunks a visit runs first, not the lazy pages or shared modules', () => {
    expect(firstFilesOf(manifest, MANIFEST_URL)).toEqual([
      `${base}remoteEntry.js`,
      `${base}641.bbbbbbbb.js`,
      `${base}__federation_expose_app.cccccccc.js`,
    ]);
    expect(firstFilesOf({}, MANIFEST_URL)).toEqual([]);
  });
});

describe('downloadArea', () => {
  it('fetches the manifest and those files at low priority, reading each to the end', async () => {
    const fetched: Array<[string, RequestInit]> = [];
    const read: string[] = [];
    const fetchFile = (url: string, init: RequestInit) => {
      fetched.push([url, init]);
      const body = url === MANIFEST_URL ? JSON.stringify(manifest) : 'bytes';
      const response = new Response(body, { status: 200 });
      const arrayBuffer = response.arrayBuffer.bind(response);
      response.arrayBuffer = () => (read.push(url), arrayBuffer());
      return Promise.resolve(response);
    };
    await downloadArea(MANIFEST_URL, fetchFile);
    expect(fetched.map(([url]) => url)).toEqual([MANIFEST_URL, ...firstFilesOf(manifest, MANIFEST_URL)]);
    expect(fetched.every(([, init]) => init.priority === 'low')).toBe(true);
    expect(read).toEqual(firstFilesOf(manifest, MANIFEST_URL));
  });

  it('fails when a file cannot be had, so the prefetch is forgotten and tried again later', async () => {
    const fetchFile = (url: string) =>
      Promise.resolve(
        url === MANIFEST_URL
          ? new Response(JSON.stringify(manifest))
          : new Response('gone', { status: url.includes('641') ? 404 : 200 }),
      );
    await expect(downloadArea(MANIFEST_URL, fetchFile)).rejects.toThrow('641.bbbbbbbb.js: 404');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentHash, integrityOf, readBuild } from './hash.mjs';
import { localStorage } from './local-storage.mjs';
import { listReleases, publishBuild } from './release.mjs';

const dirs = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'area-tool-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const manifest = (entry = 'remoteEntry.js') =>
  JSON.stringify({
    name: 'tunehouse_releases',
    metaData: { publicPath: 'auto', remoteEntry: { name: entry, path: '' } },
  });
/** A build as rspack leaves it: the manifest, the entry it names, a chunk. */
const build = (chunk = 'console.log(1)') =>
  new Map([
    ['mf-manifest.json', Buffer.from(manifest())],
    ['remoteEntry.js', Buffer.from('var tunehouse_releases;')],
    ['js/1.abcd.js', Buffer.from(chunk)],
  ]);
const area = {
  area: 'releases',
  scope: 'tunehouse_releases',
  routes: ['/albums/*'],
  packageVersion: '0.1.0',
};

describe('hashing', () => {
  it('gives a build the same content hash wherever it lies, and another one for any changed byte or name', () => {
    const dir = tmp();
    for (const [file, bytes] of build()) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), bytes);
    }
    expect(contentHash(readBuild(dir))).toBe(contentHash(build()));
    expect(contentHash(build('console.log(2)'))).not.toBe(contentHash(build()));
    const renamed = new Map([...build()].map(([file, bytes]) => [file.replace('1.abcd', '2.abcd'), bytes]));
    expect(contentHash(renamed)).not.toBe(contentHash(build()));
    // Bytes moved from one file to the next are a different build.
    const a = new Map([
      ['a', Buffer.from('xy')],
      ['b', Buffer.from('z')],
    ]);
    const b = new Map([
      ['a', Buffer.from('x')],
      ['b', Buffer.from('yz')],
    ]);
    expect(contentHash(a)).not.toBe(contentHash(b));
  });

  it('writes integrity as a browser checks it: sha384- and the base64 digest', () => {
    // `printf abc | openssl dgst -sha384 -binary | base64`
    expect(integrityOf(Buffer.from('abc'))).toBe(
      'sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn',
    );
  });
});

describe('publishBuild', () => {
  it('stores a build under <area>/<version>/ with its release record and the integrity of its entry files', async () => {
    const root = tmp();
    const { release, unchanged } = await publishBuild(localStorage(root), { ...area, files: build() });
    expect(unchanged).toBe(false);
    expect(release.version).toBe(`0.1.0-${contentHash(build()).slice(0, 12)}`);
    const dir = path.join(root, 'releases', release.version);
    expect(fs.readFileSync(path.join(dir, 'js/1.abcd.js'), 'utf8')).toBe('console.log(1)');
    const record = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8'));
    expect(record).toMatchObject({
      scope: 'tunehouse_releases',
      routes: ['/albums/*'],
      entry: 'remoteEntry.js',
    });
    expect(record.integrity).toEqual({
      manifest: integrityOf(Buffer.from(manifest())),
      entry: integrityOf(Buffer.from('var tunehouse_releases;')),
    });
    expect(fs.readdirSync(path.join(root, 'releases'))).toEqual([release.version]);
  });

  it('gives the same content the same version and says it is unchanged, writing nothing', async () => {
    const root = tmp();
    const store = localStorage(root);
    const first = await publishBuild(store, { ...area, files: build() });
    const recordFile = path.join(root, 'releases', first.release.version, 'release.json');
    const before = fs.statSync(recordFile).mtimeMs;
    const again = await publishBuild(store, { ...area, files: build(), now: new Date(Date.now() + 60_000) });
    expect(again.unchanged).toBe(true);
    expect(again.release.version).toBe(first.release.version);
    expect(fs.statSync(recordFile).mtimeMs).toBe(before);
  });

  it('never overwrites a published version: a new build is a new version beside it', async () => {
    const root = tmp();
    const store = localStorage(root);
    const first = await publishBuild(store, { ...area, files: build() });
    const second = await publishBuild(store, { ...area, files: build('console.log(2)') });
    expect(second.release.version).not.toBe(first.release.version);
    expect(fs.readFileSync(path.join(root, 'releases', first.release.version, 'js/1.abcd.js'), 'utf8')).toBe(
      'console.log(1)',
    );
    // A second writer of the same version finds it there and keeps the first one's files.
    const outcome = await store.putOnce(
      `releases/${first.release.version}`,
      new Map([
        ['js/1.abcd.js', Buffer.from('tampered')],
        ['release.json', Buffer.from('{}')],
      ]),
      'release.json',
    );
    expect(outcome).toBe('exists');
    expect(fs.readFileSync(path.join(root, 'releases', first.release.version, 'js/1.abcd.js'), 'utf8')).toBe(
      'console.log(1)',
    );
    expect((await listReleases(store, 'releases')).map((release) => release.version).sort()).toEqual(
      [first.release.version, second.release.version].sort(),
    );
  });

  it('refuses a build of another container or one whose manifest names a missing entry', async () => {
    const store = localStorage(tmp());
    await expect(publishBuild(store, { ...area, scope: 'tunehouse_wallet', files: build() })).rejects.toThrow(
      "the build is of 'tunehouse_releases'",
    );
    const noEntry = build();
    noEntry.delete('remoteEntry.js');
    await expect(publishBuild(store, { ...area, files: noEntry })).rejects.toThrow('lacks remoteEntry.js');
  });
});

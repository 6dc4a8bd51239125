import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from './areas.mjs';

/**
 * The shell's pages as `npm start` serves them, read with a plain fetch and no browser
 * (docs/decisions/0070-prerendered-shell-and-short-chain.md): the landing page's content and links are in the first
 * response, every route gets its frame and the preload links of its area, and nothing executable is inlined
 * without the Content-Security-Policy naming its hash. Needs the web apps built (npm test builds first; alone:
 * `npx nx run-many -t build --projects=shell,mfe-*`).
 */
let stack;
let scratch;
beforeAll(async () => {
  const { startStack } = await import('./stack.mjs');
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-prerendered-'));
  stack = await startStack({
    shellPort: 0,
    areaPorts: Object.fromEntries(AREAS.map((area) => [area.name, 0])),
    publicHost: '127.0.0.1',
    apiBaseUrl: 'http://127.0.0.1:9',
    envDir: path.join(scratch, 'env'),
    areaStore: path.join(scratch, 'areas'),
  });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** A page as a browser navigating to it asks for it. */
async function page(route) {
  const response = await fetch(`${stack.shellUrl}${route}`, { headers: { accept: 'text/html' } });
  expect(response.status, route).toBe(200);
  const html = await response.text();
  return { response, html, document: new JSDOM(html, { url: `${stack.shellUrl}${route}` }).window.document };
}

const linksOf = (element) => [...(element?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'));

describe('the shell pages npm start serves', () => {
  // docs/decisions/0095-area-first-view-in-the-html.md
  it("answer an area's main page with the frame and that page's heading and lede in the area's slot", async () => {
    const views = {
      '/albums': [
        'Releases',
        'Everything you release, from first draft to live in stores.',
        'Releases — Tunehouse',
      ],
      '/trends/': [
        'Stream trends',
        'How often your music was streamed, and where.',
        'Stream trends — Tunehouse',
      ],
      '/wallet': ['Wallet', 'What your music has earned', 'Wallet — Tunehouse'],
      '/splits': ['Royalty splits', 'Share what a release earns', 'Royalty splits — Tunehouse'],
      '/artists': ['Artists', 'The artist names your releases are credited to', 'Artists — Tunehouse'],
    };
    for (const [route, [heading, lede, title]] of Object.entries(views)) {
      const { document } = await page(route);
      const root = document.getElementById('root');
      expect(root?.getAttribute('data-prerendered'), route).toBe('frame');
      expect(root?.getAttribute('data-first-view'), route).toBe(route.replace(/\/$/, ''));
      const slot = document.getElementById('tunehouse-area-slot');
      expect(slot?.querySelector('h1')?.textContent, route).toBe(heading);
      expect(slot?.querySelector('p')?.textContent, route).toContain(lede);
      expect(document.title, route).toBe(title);
      // Its styles arrive with it: the heading's rule is in the head.
      const headingClass = slot?.querySelector('h1')?.getAttribute('class') ?? '';
      expect(headingClass, route).toMatch(/^shell-/);
      expect(document.head.innerHTML, route).toContain(`.${headingClass}{`);
    }
  });

  it('carry the landing page in the first response: its h1, its text and the header links', async () => {
    const { document } = await page('/');
    const root = document.getElementById('root');
    expect(root?.getAttribute('data-prerendered')).toBe('home');
    expect(root?.querySelector('h1')?.textContent).toBe('Release your music everywhere. Keep what you earn.');
    expect(root?.querySelector('main')?.textContent).toContain('Tunehouse is an open platform');
    const header = root?.querySelector('header');
    expect(linksOf(header?.querySelector('nav'))).toEqual([
      '/albums',
      '/splits',
      '/artists',
      '/trends',
      '/wallet',
    ]);
    expect(linksOf(header)).toContain('/auth/login');
    // The styles that lay the page out arrive with it.
    expect(document.head.querySelectorAll('style[data-emotion^="shell "]').length).toBeGreaterThan(5);
    // The landing page does not claim to need JavaScript.
    expect(document.querySelector('noscript')).toBeNull();
  });

  it('answer an area route with the frame and a sign-in route with its own, each with the header', async () => {
    for (const [route, kind] of [
      ['/albums/7', 'frame'],
      ['/wallet/payouts', 'frame'],
      ['/auth/forgot', 'auth'],
    ]) {
      const { response, document } = await page(route);
      // A page changes with every build: revalidated, whichever file answers it.
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      const root = document.getElementById('root');
      expect(root?.getAttribute('data-prerendered'), route).toBe(kind);
      expect(linksOf(root?.querySelector('header nav')), route).toContain('/albums');
      expect(root?.querySelector('h1'), route).toBeNull();
    }
  });

  it('carry the sign-in form at /auth/login: its fields, button and links, and nothing that posts it', async () => {
    const { response, document } = await page('/auth/login');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // It starts the shell on interest, as `/` does: nothing to preload
    // (docs/decisions/0082-layout-shift-and-startup-work.md).
    expect(response.headers.get('link')).toBeNull();
    const root = document.getElementById('root');
    expect(root?.getAttribute('data-prerendered')).toBe('login');
    expect(root?.querySelector('main h1')?.textContent).toBe('Log in');
    expect(document.title).toBe('Log in — Tunehouse');
    const form = root?.querySelector('main form');
    expect(form?.getAttribute('aria-label')).toBe('Log in');
    const field = (label) => {
      const element = [...form.querySelectorAll('label')].find(
        (candidate) => candidate.textContent === label,
      );
      return document.getElementById(element?.getAttribute('for') ?? '');
    };
    const email = field('E-mail address');
    expect([email?.tagName, email?.getAttribute('name'), email?.getAttribute('type')]).toEqual([
      'INPUT',
      'email',
      'email',
    ]);
    expect(email?.getAttribute('autocomplete')).toBe('email');
    const password = field('Password');
    expect([password?.getAttribute('name'), password?.getAttribute('type')]).toEqual([
      'password',
      'password',
    ]);
    expect(password?.getAttribute('autocomplete')).toBe('current-password');
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Log in');
    expect(linksOf(root?.querySelector('main'))).toEqual(['/auth/forgot', '/auth/signup']);
    // Without a script nothing may carry the password away: not in the address (a GET form), not to any page.
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.hasAttribute('action')).toBe(false);
    expect(response.headers.get('content-security-policy')).toContain("form-action 'none'");
    // The form needs the shell to be sent (the bot check): the notice for a browser without JavaScript stays.
    expect(document.querySelector('noscript')?.textContent).toContain('JavaScript');
  });

  it('keep the sign-in page\'s `from` on its "Create an account" link before the shell runs', async () => {
    const route = '/auth/login?from=%2Fwallet%3Ftab%3Dpayouts';
    const html = await (
      await fetch(`${stack.shellUrl}${route}`, { headers: { accept: 'text/html' } })
    ).text();
    // The page's own starter runs, as served and as its tag names it; nothing else of the page loads.
    const { window } = new JSDOM(html, { url: `${stack.shellUrl}${route}`, runScripts: 'outside-only' });
    const starter = window.document.querySelector('script[src^="/start-on-interest."]');
    const source = await (await fetch(`${stack.shellUrl}${starter.getAttribute('src')}`)).text();
    Object.defineProperty(window.document, 'currentScript', { value: starter });
    window.eval(source);
    const links = linksOf(window.document.querySelector('#root main'));
    window.close();
    expect(links).toEqual(['/auth/forgot', '/auth/signup?from=%2Fwallet%3Ftab%3Dpayouts']);
  });

  it("answer a path no area owns with the shell's 404 page, drawn in the first response", async () => {
    const { response, document } = await page('/no/such/page');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const root = document.getElementById('root');
    expect(root?.getAttribute('data-prerendered')).toBe('notfound');
    expect(root?.querySelector('main h1')?.textContent).toBe('Something is missing');
    expect(linksOf(root?.querySelector('header nav'))).toContain('/albums');
    // A path an area owns, even one the area does not render, is the area's to answer.
    expect(
      (await page('/albums/7/nothing')).document.getElementById('root')?.getAttribute('data-prerendered'),
    ).toBe('frame');
  });

  it('preload the config and the registry, and the manifest and entry of the area owning the path', async () => {
    const registry = await (await fetch(`${stack.shellUrl}/remotes.json`)).json();
    const releases = registry.areas.releases;
    const { response } = await page('/albums/7');
    const link = response.headers.get('link');
    expect(link).toContain('</shell-config.json>; rel=preload; as=fetch; crossorigin=anonymous');
    expect(link).toContain('</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous');
    expect(link).toContain(`<${releases.manifest}>; rel=preload; as=fetch; crossorigin=anonymous`);
    expect(link).toContain(
      `<${new URL('remoteEntry.js', releases.manifest).href}>; rel=preload; as=script; fetchpriority=low; ` +
        'crossorigin=anonymous; ' +
        `integrity="${releases.integrity.entry}"`,
    );
    // The entry named is the one the manifest names, and the `./app` chunks are the ones it lists.
    const manifest = await (await fetch(releases.manifest)).json();
    expect(manifest.metaData.remoteEntry.name).toBe('remoteEntry.js');
    const app = manifest.exposes.find((expose) => expose.name === 'app');
    expect(app.assets.js.sync.length).toBeGreaterThan(0);
    for (const file of app.assets.js.sync)
      expect(link).toContain(
        `<${new URL(file, releases.manifest).href}>; rel=preload; as=script; fetchpriority=low`,
      );
    // The landing page starts no shell at once, so it preloads nothing
    // (docs/decisions/0077-landing-page-without-the-shell-until-needed.md).
    expect((await page('/')).response.headers.get('link')).toBeNull();
  });

  it('load only the small starter on the landing page, the shell and its startup chunks at once elsewhere', async () => {
    const scriptsOf = (document) => [...document.querySelectorAll('script')];
    const served = async (src) => (await fetch(`${stack.shellUrl}${src}`)).status;
    const landing = scriptsOf((await page('/')).document);
    expect(landing).toHaveLength(1);
    const [starter] = landing;
    // The sign-in page starts the same way (docs/decisions/0082-layout-shift-and-startup-work.md).
    expect(scriptsOf((await page('/auth/login')).document).map((script) => script.outerHTML)).toEqual([
      starter.outerHTML,
    ]);
    expect(starter.getAttribute('src')).toMatch(/^\/start-on-interest\.[0-9a-f]{8}\.js$/);
    expect(await served(starter.getAttribute('src'))).toBe(200);
    // It names the shell's entry and the chunks the entry asks for, which it downloads when the device is idle.
    const entry = starter.getAttribute('data-shell');
    expect(entry).toMatch(/^\/main\.[0-9a-f]+\.js$/);
    const startup = starter.getAttribute('data-startup').split(' ');
    // The host's packages come as one chunk (docs/decisions/0092-fewer-startup-files-at-low-priority.md).
    expect(startup.filter((src) => /^\/vendor\.[0-9a-f]{8}\.js$/.test(src))).toHaveLength(1);
    for (const src of [entry, ...startup]) expect(await served(src), src).toBe(200);

    for (const route of ['/auth/forgot', '/albums']) {
      const { document } = await page(route);
      expect(
        scriptsOf(document).map((script) => script.getAttribute('src')),
        route,
      ).toEqual([entry]);
      // The entry's chunks download beside it instead of after it ran: one wave fewer before the h1.
      const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="script"]')];
      expect(
        preloads.map((link) => link.getAttribute('href')),
        route,
      ).toEqual(startup);
      // At low priority, as the deferred entry: the frame paints without them
      // (docs/decisions/0092-fewer-startup-files-at-low-priority.md).
      for (const link of preloads) expect(link.getAttribute('fetchpriority'), route).toBe('low');
    }
  });

  it('keep the Content-Security-Policy strict: no inline script runs unless its hash is in script-src', async () => {
    for (const route of ['/', '/auth/login', '/albums']) {
      const { response, document } = await page(route);
      const policy = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'script-src');
      expect(scriptSrc, route).toBeDefined();
      expect(scriptSrc, route).not.toContain("'unsafe-inline'");
      expect(scriptSrc, route).not.toContain("'unsafe-eval'");
      // JSON data blocks are never executed; any other inline script must be allowed by its own hash.
      const inline = [...document.querySelectorAll('script:not([src])')].filter(
        (script) => script.getAttribute('type') !== 'application/json',
      );
      for (const script of inline) {
        const hash = crypto
          .createHash('sha256')
          .update(script.textContent ?? '')
          .digest('base64');
        expect(scriptSrc, route).toContain(`'sha256-${hash}'`);
      }
      // No inline event handlers either (a hash does not allow those).
      expect(document.documentElement.outerHTML, route).not.toMatch(/\son[a-z]+="/);
    }
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';

/**
 * Prerenders the shell's own pages into its HTML at build time (docs/decisions/0070-prerendered-shell-and-short-chain.md).
 * Before each compilation it bundles `src/prerender/render-page.tsx` for Node with the app's own resolve and
 * loaders (so the markup is that of the same sources), runs it, and writes, from the HtmlRspackPlugin's
 * `index.html`: `index.html` with the landing page, `auth.html` with the sign-in pages' frame and `frame.html` with
 * the areas' frame — each with emotion's styles in its head and `data-prerendered` on `#root`, which the client
 * hydrates (bootstrap.tsx). No script is inlined: the Content-Security-Policy stays without hashes or nonces.
 *
 * docs/decisions/0077-landing-page-without-the-shell-until-needed.md: the pages that load the shell at once name
 * its startup chunks in their head (`<link rel="preload">`), so they download beside the entry instead of after it
 * ran; the landing page loads only `start-on-interest.js`, which starts the shell when it is needed.
 * docs/decisions/0082-layout-shift-and-startup-work.md: so does `login.html`, the sign-in page with its form drawn.
 */
export class PrerenderPlugin {
  /**
   * @param {{ appDir: string; resolve: object; module: object; pages: Record<string, string>; withoutScript: string[]; startOnInterest: string[]; titles?: Record<string, string>; productName: string }} options
   * `pages`: kind → file; `withoutScript`: the kinds whose page is whole without JavaScript (their `<noscript>`
   * notice is dropped); `startOnInterest`: the kinds whose page loads only the starter, which starts the shell on
   * interest instead of at once (the landing page, and the sign-in form that needs JavaScript to be sent,
   * docs/decisions/0082-layout-shift-and-startup-work.md); `titles`: kind → the page's title where it is not the
   * template's (the one the page sets once its script runs, so a first paint and a bookmark name it already);
   * `productName`: what a first view's page title ends with, as the shell's documentTitle writes it.
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { appDir, pages } = this.options;
    const outDir = path.join(appDir, 'node_modules', '.prerender');
    let renderer = null;
    compiler.hooks.beforeRun.tapPromise(PrerenderPlugin.name, async () => {
      renderer = await this.bundleRenderer(outDir);
    });
    compiler.hooks.thisCompilation.tap(PrerenderPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the HtmlRspackPlugin wrote index.html, before PrecompressPlugin compresses it (stage REPORT).
        { name: PrerenderPlugin.name, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          if (!renderer) throw new Error('PrerenderPlugin: the page renderer was not built');
          const template = compilation.getAsset('index.html')?.source.source().toString();
          if (!template || !template.includes('<div id="root"></div>'))
            throw new Error('PrerenderPlugin: index.html has no empty <div id="root"></div> to fill');
          const entry = template.match(/<script defer src="([^"]+)"><\/script>/);
          if (!entry) throw new Error('PrerenderPlugin: index.html has no <script defer src> for the entry');
          const publicPath = entry[1].slice(0, entry[1].lastIndexOf('/') + 1);
          const startup = startupScripts(compilation).map((file) => `${publicPath}${file}`);
          // Low priority, as the deferred entry itself is fetched: the frame paints without them, and a
          // high-priority script is what Lighthouse's simulation counts as render-blocking
          // (docs/decisions/0092-fewer-startup-files-at-low-priority.md).
          const preloads = startup
            .map((src) => `<link rel="preload" as="script" fetchpriority="low" href="${src}">`)
            .join('');
          const starter = this.emitStarter(compilation, publicPath);
          // The shell's pages by kind, then the areas' frame once per area page whose first view it holds
          // (docs/decisions/0095-area-first-view-in-the-html.md).
          const views = [
            ...Object.entries(pages).map(([kind, file]) => ({
              kind,
              file,
              page: renderer.renderPage(kind),
              title: this.options.titles?.[kind],
              attributes: '',
            })),
            ...renderer.renderFirstViewPages().map((page) => ({
              kind: 'frame',
              file: page.file,
              page,
              title: `${page.title} — ${this.options.productName}`,
              attributes: ` data-first-view="${page.path}"`,
            })),
          ];
          for (const { kind, file, page, title, attributes } of views) {
            const deferred = this.options.startOnInterest.includes(kind);
            const html = (title ? withTitle(template, title) : template)
              .replace(
                entry[0],
                deferred
                  ? `<script defer src="${starter}" data-shell="${entry[1]}" data-startup="${startup.join(' ')}"></script>`
                  : entry[0],
              )
              .replace('</head>', `${deferred ? '' : preloads}</head>`)
              .replace(
                this.options.withoutScript.includes(kind) ? /<noscript>[\s\S]*?<\/noscript>/ : /$^/,
                '',
              )
              .replace('</head>', `${page.styles}</head>`)
              .replace(
                '<div id="root"></div>',
                `<div id="root" data-prerendered="${kind}"${attributes}>${page.html}</div>`,
              );
            const source = new rspack.sources.RawSource(html);
            if (compilation.getAsset(file)) compilation.updateAsset(file, source);
            else compilation.emitAsset(file, source);
          }
        },
      );
    });
  }

  /** Emits start-on-interest.js under its content hash (cached for a year like every hashed file); its URL. */
  emitStarter(compilation, publicPath) {
    const source = fs.readFileSync(path.join(this.options.appDir, 'start-on-interest.js'));
    const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
    const file = `start-on-interest.${hash}.js`;
    if (!compilation.getAsset(file)) compilation.emitAsset(file, new rspack.sources.RawSource(source));
    return `${publicPath}${file}`;
  }

  /** Bundles the Node renderer next to the app (node_modules/.prerender) and loads it afresh. */
  async bundleRenderer(outDir) {
    const { appDir, resolve, module } = this.options;
    const stats = await new Promise((resolvePromise, reject) =>
      rspack(
        {
          mode: 'production',
          context: appDir,
          target: 'node',
          entry: { render: './src/prerender/render-page.tsx' },
          output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
          resolve,
          module,
          devtool: false,
          optimization: { minimize: false, splitChunks: false },
          performance: { hints: false },
        },
        (error, result) => (error ? reject(error) : resolvePromise(result)),
      ),
    );
    if (stats.hasErrors())
      throw new Error(`PrerenderPlugin: ${stats.toString({ all: false, errors: true })}`);
    const require = createRequire(import.meta.url);
    const file = path.join(outDir, 'render.cjs');
    delete require.cache[file];
    return require(file);
  }
}

/** The template's `<title>` and `og:title`, which say the same, set to `title`. */
function withTitle(template, title) {
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/, `$1${escaped}$2`);
}

/**
 * The scripts the entry asks for as it starts: every chunk group the `main` entrypoint loads directly — the
 * `./bootstrap` group and the shared modules main provides (React, react-dom, emotion, TanStack Query, zod, the
 * react-router the areas consume) — without main itself, which the page's own script tag loads. Not the consumers'
 * fallbacks (children of other groups), which the loaded-first share strategy leaves unloaded.
 */
function startupScripts(compilation) {
  const main = compilation.entrypoints.get('main');
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    if (group === main || !group.getParents().some((parent) => parent.name === 'main')) continue;
    for (const chunk of group.chunks)
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return [...files].sort();
}

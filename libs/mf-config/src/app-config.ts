import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress.js';
import { CompileHintsPlugin } from './compile-hints.js';
import {
  REACT_ROUTER_INTERNALS_ALIAS,
  reactRouterFolder,
  sharedDependencies,
  ZOD_INTERNALS_ALIAS,
  zodFolder,
} from './shared.js';

export interface AppConfigOptions {
  /** Absolute folder of the app (where its package.json is). */
  appDir: string;
  /** Module Federation container name; a JavaScript identifier such as `tunehouse_releases`. */
  name: string;
  kind: 'host' | 'remote';
  /** Modules a remote exposes, e.g. `{ './app': './src/lifecycles.tsx' }`. */
  exposes?: Record<string, string>;
  /** Port of the dev server (`npm run dev`). */
  port: number;
  /** Title of the app's own HTML page (the shell's, or a remote's standalone page). */
  title: string;
  /** Entry module of the app's own page, relative to appDir. */
  entry?: string;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/** The rspack configuration every Tunehouse app builds with: the shell as host, each area as a remote. */
export function createAppConfig(options: AppConfigOptions, argv: { mode?: string } = {}): Configuration {
  const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
  const { appDir, name, kind, port } = options;
  const zod = zodFolder(appDir);
  const router = reactRouterFolder(appDir);
  return {
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: options.entry ?? './src/main.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      // The host is served from its origin's root (deep links need absolute script URLs); a remote's files
      // are found relative to wherever its manifest was loaded from.
      publicPath: kind === 'host' ? '/' : 'auto',
      uniqueName: name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    // Sources import siblings as '.js' (the NodeNext convention the libs need); the bundler maps them back.
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // The shared zod and react-router (SHARED_ZOD, SHARED_REACT_ROUTER) are built from the packages' own files,
      // which their package exports do not list.
      alias: {
        ...(zod ? { [ZOD_INTERNALS_ALIAS]: zod } : {}),
        ...(router ? { [REACT_ROUTER_INTERNALS_ALIAS]: router } : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              target: 'es2022',
              transform: {
                react: { runtime: 'automatic', importSource: '@emotion/react', development: !production },
              },
            },
          },
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: path.join(appDir, 'index.html'),
        title: options.title,
        // The registry and the remotes are fetched at run time; nothing else needs injecting.
        inject: 'body',
      }),
      new ModuleFederationPlugin({
        name,
        ...(kind === 'remote' ? { filename: 'remoteEntry.js', exposes: options.exposes ?? {} } : {}),
        remotes: {},
        shared: sharedDependencies(appDir),
        shareStrategy: 'loaded-first',
        manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        // The shell provides the federation runtime once; remotes use it instead of shipping their own copy
        // (about a third of each remote's first-load JS). See docs/decisions/0002-shared-dependency-map.md.
        experiments: {
          ...(kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      // V8 compiles the scripts' functions while they stream in, off the main thread; not the chart's chunk, which
      // is drawn only once in view and is mostly options no page uses
      // (docs/decisions/0093-charts-in-view-and-compile-hints.md).
      ...(production ? [new CompileHintsPlugin((file) => !file.startsWith('chart.'))] : []),
      // `<file>.br` and `<file>.gz` beside each script, style, page and manifest, for the servers to send as is.
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          // The chart library goes into the lazily imported chunk named 'chart' (webpackChunkName) instead of a
          // numbered vendor chunk beside it: one file a page loads after its content, which bench:web can name.
          chart: {
            test: /[\\/]node_modules[\\/](apexcharts|react-apexcharts)[\\/]/,
            name: 'chart',
            chunks: 'async',
            enforce: true,
            priority: 10,
          },
          // The host's packages in one chunk instead of one per shared module: the page preloaded 16 files, now 2
          // with the shell's own code. The shell runs every one of them before an area draws, and one file
          // compresses better than sixteen (142 KB brotli against 168 KB) and needs fewer requests over a browser's
          // six connections per origin (docs/decisions/0092-fewer-startup-files-at-low-priority.md). Remotes keep
          // theirs apart: an area's own packages load only with it.
          ...(kind === 'host'
            ? {
                vendor: {
                  // With the shared forms of zod and react-router (SHARED_ZOD, SHARED_REACT_ROUTER), which are
                  // this package's own files.
                  test: /[\\/](node_modules|mf-config[\\/]browser)[\\/]/,
                  name: 'vendor',
                  chunks: 'async' as const,
                  enforce: true,
                },
              }
            : {}),
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port,
      // `npm run dev` writes this environment's remotes.json and shell-config.json there for the host to serve.
      static:
        kind === 'host' && process.env.TUNEHOUSE_ENV_DIR
          ? [{ directory: process.env.TUNEHOUSE_ENV_DIR, publicPath: '/', watch: true }]
          : false,
      host: '127.0.0.1',
      // Pages on one dev origin load scripts from the others, under the name `localhost` or `127.0.0.1`.
      allowedHosts: 'all',
      headers: CORS_HEADERS,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      client: { overlay: { errors: true, warnings: false } },
    },
  };
}

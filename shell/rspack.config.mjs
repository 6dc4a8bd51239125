import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';
import { PrerenderPlugin } from './prerender-plugin.mjs';

/** The pages the build prerenders, by kind (src/prerender/prerendered-view.ts PRERENDERED_FILES). */
const PRERENDERED_PAGES = {
  home: 'index.html',
  auth: 'auth.html',
  login: 'login.html',
  frame: 'frame.html',
  notfound: 'notfound.html',
};

export default (_env, argv) => {
  const appDir = fileURLToPath(new URL('.', import.meta.url));
  const config = createAppConfig(
    {
      appDir,
      name: 'tunehouse_shell',
      kind: 'host',
      port: Number(process.env.SHELL_PORT ?? 4200),
      title: 'Release your music with Tunehouse',
    },
    argv,
  );
  // `npm run dev` serves the page unrendered; the client then renders it afresh instead of hydrating.
  if (config.mode !== 'production') return config;
  const prerender = new PrerenderPlugin({
    appDir,
    resolve: config.resolve,
    module: config.module,
    pages: PRERENDERED_PAGES,
    // The landing page reads whole without JavaScript; the frames wait for an area's code.
    withoutScript: ['home'],
    // The sign-in form can be filled in before any script ran; sending it needs the shell (the bot check).
    startOnInterest: ['home', 'login'],
    // As mfe-auth's login page sets it (usePageMeta('Log in'), shell/src/services/page-meta.ts documentTitle).
    titles: { login: 'Log in — Tunehouse' },
    productName: 'Tunehouse',
  });
  return { ...config, plugins: [prerender, ...(config.plugins ?? [])] };
};

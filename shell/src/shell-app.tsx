import { useCallback, useMemo, useSyncExternalStore } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider, Global, ThemeProvider, css } from '@emotion/react';
import { findOwner } from '@tunehouse/shell-contract';
import { FIRST_VIEWS, Page, colors, firstViewFor, fonts, theme } from '@tunehouse/ui';
import { Announcement } from './chrome/announcement/announcement.js';
import { Footer } from './chrome/footer/footer.js';
import { AudioPlayer } from './chrome/player/audio-player.js';
import { Header } from './chrome/header/header.js';
import { ImpersonationBanner } from './chrome/impersonation-banner.js';
import { ProgressBar } from './chrome/progress/progress-bar.js';
import { ToastStack } from './chrome/toasts/toast-stack.js';
import { AreaErrorPage } from './errors/area-error-page.js';
import { ShellErrorPage } from './errors/shell-error-page.js';
import { HomePage } from './home/home-page.js';
import { prerenderedFirstViewShown } from './prerender/first-view-handover.js';
import { PrerenderedLoginForm } from './prerender/login-form.js';
import { prerenderedLoginShown } from './prerender/login-handover.js';
import { PRERENDER_CONFIG, useHydrated, type PrerenderedView } from './prerender/prerendered-view.js';
import { AREA_SLOT_ID } from './registry/area-slot.js';
import type { Analytics } from './services/analytics.js';
import { areaFailures, retryArea } from './services/area-failures.js';
import type { ShellServices } from './services/create-shell-context.js';
import { locationStore } from './services/location-store.js';
import { useStore } from './services/store.js';

const globalStyles = css`
  html,
  body {
    margin: 0;
    background: ${colors.surface};
    font-family: ${fonts.body};
    color: ${colors.ink};
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
`;
const page = css`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;
/** Keeps the footer clear of the fixed player. */
const playerSpace = css`
  height: 4rem;
  background: ${colors.ink};
`;
const main = css`
  flex: 1;
`;
/**
 * An area's page grows as its data arrives; with the footer already below the fold it has nothing to push down,
 * so the page does not shift under the reader (Lighthouse counted 0.18–0.27 of layout shift on /wallet and
 * /trends, all of it the footer).
 */
const areaMain = css`
  min-height: 100vh;
`;

const signedOut = () => null;
/** What the hydration render of the prerendered 404 page reports and titles: nothing (the live render does). */
const silent: Analytics = { identify: () => undefined, track: () => undefined };
const ignoreTitle = () => undefined;

export interface ShellAppProps {
  services: ShellServices;
  analytics: Analytics;
  /** Route patterns per area, from the registry; null when the registry could not be read. */
  owners: Record<string, string[]> | null;
  registryError: string | null;
  /**
   * The view the build prerendered into the page, when React hydrates it: the first render draws exactly that
   * (no session, the build's config), the next one the live page (prerendered-view.ts).
   */
  prerendered?: PrerenderedView | null;
}

export function ShellApp({ services, analytics, owners, registryError, prerendered }: ShellAppProps) {
  const { shell, stores, announcement } = services;
  const cache = useMemo(() => createCache({ key: 'shell' }), []);
  const hydrating = !useHydrated() && prerendered != null;
  const location = useStore(locationStore);
  const failures = useStore(areaFailures);
  const toasts = useStore(stores.toasts);
  const progress = useStore(stores.progress);
  const playerState = useStore(stores.player);
  const loginShown = useStore(prerenderedLoginShown);
  const firstViewShown = useStore(prerenderedFirstViewShown);
  // Prerendered and hydrated signed out (the server snapshot); the session takes over in the render after.
  const liveSession = useSyncExternalStore(shell.session.subscribe, shell.session.current, signedOut);
  const pathname = hydrating ? prerendered.pathname : location.pathname;
  const session = hydrating ? null : liveSession;
  const { supportEmail, helpLinks } = hydrating ? PRERENDER_CONFIG : shell.config;
  const setTitle = useCallback((title: string) => shell.setPageMeta({ title }), [shell]);
  const resetTitle = useCallback(() => shell.setPageMeta({}), [shell]);

  // A prerendered frame stands for whichever area owns the path: its slot is there, empty, as the area's is.
  const owner = hydrating
    ? prerendered.kind === 'home' || prerendered.kind === 'notfound'
      ? null
      : ''
    : pathname === '/' || owners === null
      ? null
      : findOwner(owners, pathname);
  const failure = owner === null || hydrating ? undefined : failures[owner];
  // The sign-in form the build drew stays, the same element, until the auth area's form takes its place
  // (login-handover.ts); meanwhile the area draws into its slot hidden.
  const keepLoginForm =
    prerendered?.kind === 'login' &&
    loginShown &&
    (hydrating || (pathname === '/auth/login' && owner !== null && failure === undefined));
  // An area page's heading and lede, drawn by the build, stay in the slot until the area draws its page
  // (first-view-handover.ts), and only while the visitor is on that page.
  const firstView =
    prerendered?.firstView &&
    firstViewShown &&
    (hydrating || firstViewFor(pathname) === FIRST_VIEWS[prerendered.firstView])
      ? FIRST_VIEWS[prerendered.firstView]
      : null;
  const errorProps = { supportEmail, analytics, setTitle };

  let content = null;
  if (hydrating)
    content =
      prerendered.kind === 'home' ? (
        <HomePage resetTitle={resetTitle} signedIn={false} />
      ) : prerendered.kind === 'notfound' ? (
        // As prerendered: no detail line yet, and nothing reported until the live render (once, with the path).
        <ShellErrorPage status={404} supportEmail={supportEmail} analytics={silent} setTitle={ignoreTitle} />
      ) : keepLoginForm ? (
        <PrerenderedLoginForm />
      ) : null;
  else if (pathname === '/')
    content = <HomePage resetTitle={resetTitle} signedIn={Boolean(session?.isAuthenticated)} />;
  else if (owners === null)
    content = <ShellErrorPage status={503} detail={registryError ?? undefined} {...errorProps} />;
  else if (owner === null) content = <ShellErrorPage status={404} detail={pathname} {...errorProps} />;
  else if (failure)
    content = <AreaErrorPage failure={failure} onRetry={() => void retryArea(owner)} {...errorProps} />;
  else if (keepLoginForm) content = <PrerenderedLoginForm />;

  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <Global styles={globalStyles} />
        <div css={page}>
          <ProgressBar value={progress} />
          {session?.adminEmail && (
            <ImpersonationBanner
              session={session}
              onBack={async () => shell.navigate(await shell.session.endImpersonation())}
            />
          )}
          <Header pathname={pathname} session={session} supportEmail={supportEmail} />
          <main css={[main, owner !== null && !pathname.startsWith('/auth/') && areaMain]} id="main">
            {content}
            <div id={AREA_SLOT_ID} hidden={owner === null || failure !== undefined || keepLoginForm}>
              {firstView && <Page {...firstView} />}
            </div>
          </main>
          <Footer supportEmail={supportEmail} helpLinks={helpLinks} compact={pathname.startsWith('/auth/')} />
          {playerState.visible && <div css={playerSpace} aria-hidden="true" />}
          <Announcement
            session={session}
            window={announcement}
            guideUrl={helpLinks.royaltySplitsGuide}
            onOpenSplits={() => shell.navigate('/splits')}
          />
          <AudioPlayer state={playerState} player={services.player} />
          <ToastStack toasts={toasts} onDismiss={shell.toasts.dismiss} />
        </div>
      </ThemeProvider>
    </CacheProvider>
  );
}

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider, Global, ThemeProvider, css } from '@emotion/react';
import { findOwner } from '@tunehouse/shell-contract';
import { colors, fonts, theme } from '@tunehouse/ui';
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

export interface ShellAppProps {
  services: ShellServices;
  analytics: Analytics;
  /** Route patterns per area, from the registry; null when the registry could not be read. */
  owners: Record<string, string[]> | null;
  registryError: string | null;
}

export function ShellApp({ services, analytics, owners, registryError }: ShellAppProps) {
  const { shell, stores, announcement } = services;
  const cache = useMemo(() => createCache({ key: 'shell' }), []);
  const { pathname } = useStore(locationStore);
  const failures = useStore(areaFailures);
  const toasts = useStore(stores.toasts);
  const progress = useStore(stores.progress);
  const playerState = useStore(stores.player);
  const session = useSyncExternalStore(shell.session.subscribe, shell.session.current);
  const setTitle = useCallback((title: string) => shell.setPageMeta({ title }), [shell]);
  const resetTitle = useCallback(() => shell.setPageMeta({}), [shell]);

  const owner = pathname === '/' || owners === null ? null : findOwner(owners, pathname);
  const failure = owner === null ? undefined : failures[owner];
  const errorProps = { supportEmail: shell.config.supportEmail, analytics, setTitle };

  let content = null;
  if (pathname === '/')
    content = <HomePage resetTitle={resetTitle} signedIn={Boolean(session?.isAuthenticated)} />;
  else if (owners === null)
    content = <ShellErrorPage status={503} detail={registryError ?? undefined} {...errorProps} />;
  else if (owner === null) content = <ShellErrorPage status={404} detail={pathname} {...errorProps} />;
  else if (failure)
    content = <AreaErrorPage failure={failure} onRetry={() => void retryArea(owner)} {...errorProps} />;

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
          <Header pathname={pathname} session={session} supportEmail={shell.config.supportEmail} />
          <main css={[main, owner !== null && !pathname.startsWith('/auth/') && areaMain]} id="main">
            {content}
            <div id={AREA_SLOT_ID} hidden={owner === null || failure !== undefined} />
          </main>
          <Footer
            supportEmail={shell.config.supportEmail}
            helpLinks={shell.config.helpLinks}
            compact={pathname.startsWith('/auth/')}
          />
          {playerState.visible && <div css={playerSpace} aria-hidden="true" />}
          <Announcement
            session={session}
            window={announcement}
            guideUrl={shell.config.helpLinks.royaltySplitsGuide}
            onOpenSplits={() => shell.navigate('/splits')}
          />
          <AudioPlayer state={playerState} player={services.player} />
          <ToastStack toasts={toasts} onDismiss={shell.toasts.dismiss} />
        </div>
      </ThemeProvider>
    </CacheProvider>
  );
}

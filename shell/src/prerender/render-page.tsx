/**
 * The build's server entry (shell/prerender-plugin.mjs runs it in Node after bundling it): the shell's own pages
 * as HTML, signed out, with the build's config, and the emotion styles they use. Never part of the browser bundle.
 */
import { renderToString } from 'react-dom/server';
import type { SessionView } from '@tunehouse/shell-contract';
import { ShellApp } from '../shell-app.js';
import type { Analytics } from '../services/analytics.js';
import type { ShellServices } from '../services/create-shell-context.js';
import type { PlayerState } from '../services/player.js';
import { createStore } from '../services/store.js';
import type { Toast } from '../services/toast-store.js';
import { FIRST_VIEWS, type FirstViewPath } from '@tunehouse/ui';
import {
  PRERENDERED_VIEWS,
  firstViewFile,
  type PrerenderedKind,
  type PrerenderedView,
} from './prerendered-view.js';

export interface PrerenderedPage {
  /** The markup to put inside `#root`. */
  html: string;
  /** Emotion's `<style data-emotion="shell …">` elements, for the page's head (where the client's cache finds them). */
  styles: string;
}

const nothing = () => undefined;

/**
 * What ShellApp reads while it draws a prerendered view: stores at their first values and a session that is
 * signed out. Everything else (the API, navigation, the player's audio) only runs on a click, which never
 * happens here, so those members are left out and the object is cast.
 */
function staticServices(): ShellServices {
  const player: PlayerState = {
    track: null,
    isPlaying: false,
    isReady: false,
    duration: 0,
    position: 0,
    error: false,
    size: 'normal',
    visible: false,
  };
  const session = { subscribe: () => nothing, current: (): SessionView | null => null };
  return {
    shell: { session, toasts: { dismiss: nothing }, setPageMeta: nothing, navigate: nothing },
    stores: {
      toasts: createStore<Toast[]>([]),
      progress: createStore<number | null>(null),
      player: createStore(player),
    },
    announcement: { usersCreatedBefore: '1970-01-01', hiddenAfter: '1970-01-01' },
  } as unknown as ShellServices;
}

const analytics: Analytics = { identify: nothing, track: nothing };

/** Emotion writes each rule's `<style>` just before the element using it; the head is where they belong. */
const EMOTION_STYLE = /<style data-emotion="shell[^"]*"[^>]*>[\s\S]*?<\/style>/g;

export function renderPage(kind: PrerenderedKind): PrerenderedPage {
  return renderView(PRERENDERED_VIEWS[kind]);
}

function renderView(view: PrerenderedView): PrerenderedPage {
  const markup = renderToString(
    <ShellApp
      services={staticServices()}
      analytics={analytics}
      owners={null}
      registryError={null}
      prerendered={view}
    />,
  );
  const styles = markup.match(EMOTION_STYLE) ?? [];
  return { html: markup.replace(EMOTION_STYLE, ''), styles: styles.join('') };
}

export interface FirstViewPage extends PrerenderedPage {
  /** The file the frame with this first view is written to (`frame-albums.html`). */
  file: string;
  /** The area page's path, for `#root`'s data-first-view. */
  path: string;
  /** The page's title as the area sets it (usePageMeta with the same heading). */
  title: string;
}

/**
 * The areas' frame once per area page with a first view (docs/decisions/0095-area-first-view-in-the-html.md): the
 * frame with that page's heading and lede in its slot.
 */
export function renderFirstViewPages(): FirstViewPage[] {
  return (Object.keys(FIRST_VIEWS) as FirstViewPath[]).map((path) => ({
    ...renderView({ ...PRERENDERED_VIEWS.frame, firstView: path }),
    file: firstViewFile(path),
    path,
    title: FIRST_VIEWS[path].title,
  }));
}

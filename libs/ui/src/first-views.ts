/** The top of a page as it reads before any of its data: the heading and the sentence under it. */
export interface FirstView {
  title: string;
  lede: string;
}

/**
 * The heading and lede of each area's main page, by its path: the area's page draws them with `Page`, and the
 * shell's build draws the same into that path's HTML (docs/decisions/0095-area-first-view-in-the-html.md), so a
 * phone shows them with the first response instead of after the scripts. One copy of the words for both, so the
 * area's first render replaces the prerendered one with the same text at the same size.
 */
export const FIRST_VIEWS = {
  '/albums': {
    title: 'Releases',
    lede: 'Everything you release, from first draft to live in stores.',
  },
  '/splits': {
    title: 'Royalty splits',
    lede: 'Share what a release earns with the people you made it with: who gets which share, from which day.',
  },
  '/artists': {
    title: 'Artists',
    lede: 'The artist names your releases are credited to, with their profiles on the stores.',
  },
  '/trends': {
    title: 'Stream trends',
    lede:
      'How often your music was streamed, and where. Platforms report streams a few days after they happen, ' +
      'so the latest days fill in later.',
  },
  '/wallet': {
    title: 'Wallet',
    lede: 'What your music has earned, what is on its way, and what has been paid out to you.',
  },
} as const satisfies Record<string, FirstView>;

export type FirstViewPath = keyof typeof FIRST_VIEWS;

/** The first view drawn for `pathname` (a trailing slash is the same page), or null. */
export function firstViewFor(pathname: string): FirstView | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return Object.hasOwn(FIRST_VIEWS, path) ? FIRST_VIEWS[path as FirstViewPath] : null;
}

/** The external help links: release-editor topics, then the product's other external pages. */
export const HELP_TOPICS = [
  'albumTitle',
  'albumVersion',
  'genres',
  'artwork',
  'albumArtists',
  'upc',
  'labelName',
  'catalogueNumber',
  'recordingLocation',
  'originalDate',
  'copyright',
  'masterOwner',
  'trackTitle',
  'trackVersion',
  'master',
  'preview',
  'vocals',
  'coverOrRemix',
  'contributors',
  'isrc',
  'trackArtists',
  'trackGenres',
  'trackMasterOwner',
  'trackCopyright',
  'releaseDate',
  'territories',
  'platforms',
  'terms',
  'aiPolicy',
  'pricing',
  'privacy',
  'contact',
  'press',
  'careers',
  'faq',
  'guides',
  'guide',
  'royaltySplitsGuide',
  'streamEquivalentsFaq',
  'manual',
  'socialPrimary',
  'socialSecondary',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
export type HelpLinks = Record<HelpTopic, string>;

const kebab = (topic: string) => topic.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * Every help link under one help-centre URL: release-editor topics at `/articles/<topic>`, the rest at their own
 * page. An installation overrides single links or the whole base in its shell configuration.
 */
export function defaultHelpLinks(helpCentreUrl: string): HelpLinks {
  const base = helpCentreUrl.replace(/\/+$/, '');
  const pages: Partial<HelpLinks> = {
    terms: `${base}/terms`,
    aiPolicy: `${base}/ai-policy`,
    pricing: `${base}/pricing`,
    privacy: `${base}/privacy`,
    contact: `${base}/contact`,
    press: `${base}/press`,
    careers: `${base}/careers`,
    faq: `${base}/faq`,
    guides: `${base}/guides`,
    guide: `${base}/guides/getting-started`,
    royaltySplitsGuide: `${base}/guides/royalty-splits`,
    streamEquivalentsFaq: `${base}/faq/stream-equivalents`,
    manual: `${base}/manual`,
    socialPrimary: 'https://mastodon.social/@tunehouse',
    socialSecondary: 'https://www.instagram.com/tunehouse',
  };
  return Object.fromEntries(
    HELP_TOPICS.map((topic) => [topic, pages[topic] ?? `${base}/articles/${kebab(topic)}`]),
  ) as HelpLinks;
}

/** The guides of one category. */
export function guidesLink(links: HelpLinks, category: string): string {
  return `${links.guides}/${encodeURIComponent(category)}`;
}

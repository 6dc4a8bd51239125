import type { PageMeta } from '@tunehouse/shell-contract';
import { layout } from '@tunehouse/ui';

export const DEFAULT_DESCRIPTION =
  'An easy-to-use platform for uploading music to streaming and download services, building an audience, seeing trends and getting paid.';

/** The page title: '{title} — {product}', or 'Release your music with {product}' without a title. */
export function documentTitle(productName: string, title?: string): string {
  return title ? `${title} — ${productName}` : `Release your music with ${productName}`;
}

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

export function applyPageMeta(productName: string, meta: PageMeta): void {
  const title = documentTitle(productName, meta.title);
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  document.title = title;
  setMeta('meta[property="og:title"]', 'property', 'og:title', title);
  setMeta('meta[name="description"]', 'name', 'description', description);
  setMeta('meta[property="og:description"]', 'property', 'og:description', description);
  // The page wrapper optionally applies a minimum width; every other page fits the screen.
  document.body.style.minWidth = meta.minWidth ? layout.minWidth : '';
}

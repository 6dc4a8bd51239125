import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { areaPrefetch } from './prefetch/area-prefetch.js';

/**
 * An in-product link: a real anchor (new tab, copy link work) that navigates without a page load. Pointing at it
 * or focusing it starts fetching the area behind it, so the click finds the area's code on its way or in cache.
 */
export function ShellLink({
  href,
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigateToUrl(href);
  };
  return (
    <a
      href={href}
      onClick={handleClick}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        areaPrefetch.prefetch(href);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        areaPrefetch.prefetch(href);
      }}
      {...props}
    />
  );
}

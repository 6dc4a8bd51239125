import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { areaPrefetch } from './prefetch/area-prefetch.js';
import { useNearViewport } from './prefetch/near-viewport.js';

/**
 * An in-product link: a real anchor (new tab, copy link work) that navigates without a page load. Pointing at it
 * or focusing it starts fetching the area behind it, so the click finds the area's code on its way or in cache.
 * Coming within 200 px of the viewport only downloads the area's entry and first chunks into the cache: nothing of
 * it runs until a hover, focus or click.
 */
export function ShellLink({
  href,
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const ref = useNearViewport<HTMLAnchorElement>(() => areaPrefetch.prefetch(href, 'download'));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigateToUrl(href);
  };
  return (
    <a
      ref={ref}
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

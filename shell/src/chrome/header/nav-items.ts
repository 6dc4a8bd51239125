export interface NavItem {
  label: string;
  href: string;
}

/** The top bar's areas, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Releases', href: '/albums' },
  { label: 'Splits', href: '/splits' },
  { label: 'Artists', href: '/artists' },
  { label: 'Analytics', href: '/trends' },
  { label: 'Wallet', href: '/wallet' },
];

/** The active item is matched by path prefix, a whole segment at a time (`/albumsx` is not `/albums`). */
export function isActivePrefix(prefix: string, pathname: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function activeNavItem(pathname: string, items: readonly NavItem[] = NAV_ITEMS): NavItem | null {
  return items.find((item) => isActivePrefix(item.href, pathname)) ?? null;
}

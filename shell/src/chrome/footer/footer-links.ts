export interface FooterLink {
  label: string;
  href: string;
  /** Leaves the product (help centre, mail). */
  external?: boolean;
}

import type { HelpLinks } from '@tunehouse/shell-contract';

/** The footer's link columns; external pages come from the configured help links. */
export function footerColumns(
  supportEmail: string,
  help: HelpLinks,
): { title: string; links: FooterLink[] }[] {
  const mail = (subject?: string) =>
    subject ? `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}` : `mailto:${supportEmail}`;
  return [
    {
      title: 'Tunehouse',
      links: [
        { label: 'Releases', href: '/albums' },
        { label: 'Artists', href: '/artists' },
        { label: 'Analytics', href: '/trends' },
        { label: 'Wallet', href: '/wallet' },
        { label: 'Account settings', href: '/account' },
      ],
    },
    {
      title: 'Help',
      links: [
        { label: 'Guides', href: help.guides, external: true },
        { label: 'Manual', href: help.manual, external: true },
        { label: 'FAQ', href: help.faq, external: true },
        { label: 'Email us', href: mail(), external: true },
      ],
    },
    {
      title: 'About',
      links: [
        { label: 'Contact', href: help.contact, external: true },
        { label: 'Press', href: help.press, external: true },
        { label: 'Careers', href: help.careers, external: true },
        { label: 'Feedback', href: mail('Feedback'), external: true },
        { label: 'Terms and Conditions', href: help.terms, external: true },
        { label: 'Privacy Policy', href: help.privacy, external: true },
      ],
    },
  ];
}

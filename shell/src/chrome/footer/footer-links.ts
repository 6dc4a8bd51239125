export interface FooterLink {
  label: string;
  href: string;
  /** Leaves the product (help centre, mail). */
  external?: boolean;
}

const HELP_CENTRE = 'https://help.tunehouse.org';

/** Spec §2 footer columns. */
export function footerColumns(supportEmail: string): { title: string; links: FooterLink[] }[] {
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
        { label: 'Guides', href: `${HELP_CENTRE}/guides`, external: true },
        { label: 'Manual', href: `${HELP_CENTRE}/manual`, external: true },
        { label: 'FAQ', href: `${HELP_CENTRE}/faq`, external: true },
        { label: 'Email us', href: mail(), external: true },
      ],
    },
    {
      title: 'About',
      links: [
        { label: 'Contact', href: `${HELP_CENTRE}/contact`, external: true },
        { label: 'Press', href: `${HELP_CENTRE}/press`, external: true },
        { label: 'Careers', href: `${HELP_CENTRE}/careers`, external: true },
        { label: 'Feedback', href: mail('Feedback'), external: true },
        { label: 'Terms and Conditions', href: `${HELP_CENTRE}/terms`, external: true },
        { label: 'Privacy Policy', href: `${HELP_CENTRE}/privacy`, external: true },
      ],
    },
  ];
}

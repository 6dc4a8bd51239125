import { Link, usePageMeta, useShell } from '@tunehouse/area-kit';
import { NarrowColumn, Notice } from '@tunehouse/ui';
import { lede } from '../shared/auth-styles.js';

/** Where the route guards send a suspended non-admin account. */
export function SuspendedPage() {
  usePageMeta('Account suspended');
  const { config } = useShell();
  const subject = encodeURIComponent('My account is suspended');
  return (
    <NarrowColumn>
      <h1>Account suspended</h1>
      <Notice tone="warn">Your account is suspended, so releases, splits and payouts are on hold.</Notice>
      <p css={lede}>
        If you think this is a mistake, or want to know what to do next, write to{' '}
        <a href={`mailto:${config.supportEmail}?subject=${subject}`}>{config.supportEmail}</a>. Your music and
        earnings stay safe while we look into it.
      </p>
      <p>
        <Link to="/auth/logout">Log out</Link>
      </p>
    </NarrowColumn>
  );
}

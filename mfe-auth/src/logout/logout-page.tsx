import { useEffect, useRef } from 'react';
import { useShell, usePageMeta } from '@tunehouse/area-kit';
import { NarrowColumn } from '@tunehouse/ui';
import { lede } from '../shared/auth-styles.js';
import { useReturnTarget, withFrom } from '../shared/use-return-target.js';

/** Ends the session, then offers the login again (keeping `from`, so logging back in returns there). */
export function LogoutPage() {
  usePageMeta('Log out');
  const shell = useShell();
  const from = useReturnTarget();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Logging out never fails for the user: the local session ends even when the server cannot be told.
    void shell.session
      .logout()
      .catch(() => undefined)
      .then(() => shell.navigate(withFrom('/auth/login', from)));
  }, [shell, from]);

  return (
    <NarrowColumn>
      <h1>Log out</h1>
      <p css={lede} role="status">
        Logging you out…
      </p>
    </NarrowColumn>
  );
}

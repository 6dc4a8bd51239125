import { useEffect, useRef, useState } from 'react';
import type { EmailedLink } from '@tunehouse/shell-contract';
import { Link, messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Notice } from '@tunehouse/ui';
import { lede } from '../shared/auth-styles.js';

type Activation = { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string };

/** Opened from the activation mail: confirms the address once, then offers to go on. */
export function EmailActivation({ link, from }: { link: EmailedLink; from: string }) {
  const shell = useShell();
  const [activation, setActivation] = useState<Activation>({ state: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    // The link's secret is single-use: a second request (React's development double effect) would fail it.
    if (sent.current) return;
    sent.current = true;
    shell.session.activateEmail(link).then(
      () => setActivation({ state: 'done' }),
      (error: unknown) =>
        setActivation({
          state: 'failed',
          message: messageOf(error, 'This link could not be used. It may have expired or been used already.'),
        }),
    );
  }, [shell, link]);

  if (activation.state === 'working')
    return (
      <p css={lede} role="status">
        Confirming your e-mail address…
      </p>
    );
  if (activation.state === 'failed')
    return (
      <>
        <Notice tone="error">{activation.message}</Notice>
        <p css={lede}>
          Log in and ask for a new link from your <Link to="/account">account settings</Link>.
        </p>
      </>
    );
  return (
    <>
      <Notice tone="success">Your e-mail address is confirmed. You are logged in.</Notice>
      <Button onClick={() => shell.navigate(from)}>Continue</Button>
    </>
  );
}

import { useState } from 'react';
import { goToCheckout, messageOf } from '@tunehouse/area-kit';
import { Button, Notice } from '@tunehouse/ui';

/**
 * A button that leaves for the payment provider's page ("Add a card", "Try again"): `start` asks the API for a new
 * payment or card set-up (a failed one stays failed) and answers the provider's page to go to. An error shows
 * above the button, which then works again.
 */
export function ProviderButton({
  label,
  busyLabel,
  start,
}: {
  label: string;
  busyLabel: string;
  start: () => Promise<string | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = async () => {
    setBusy(true);
    setError(null);
    try {
      const url = await start();
      if (url) goToCheckout(url);
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  };
  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      <p>
        <Button onClick={() => void leave()} disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </p>
    </>
  );
}

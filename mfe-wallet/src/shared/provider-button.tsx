import { goToCheckout, useApiForm } from '@tunehouse/area-kit';
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
  const leaving = useApiForm({
    send: (_: void) => start(),
    onSuccess: (url) => url && goToCheckout(url),
  });
  // Once the provider's page opens, this one is leaving: the button stays off.
  const busy = leaving.busy || leaving.succeeded;
  return (
    <>
      {leaving.formError && <Notice tone="error">{leaving.formError}</Notice>}
      <p>
        <Button onClick={() => void leaving.submit()} disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </p>
    </>
  );
}

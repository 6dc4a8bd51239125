import { type ReactNode, useState } from 'react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ShellContext } from '@tunehouse/shell-contract';
import { useApiForm } from '@tunehouse/area-kit';
import { Button, ConfirmDialog } from '@tunehouse/ui';

/**
 * A key's Revoke button and its confirm dialog, for the account's own keys and the admin's list alike: the revoke
 * is sent through `useApiForm`, the list under `listKey` is read again, and the button goes once the key is revoked.
 */
export function RevokeKey({
  label,
  revocable,
  send,
  listKey,
  successToast,
  children,
}: {
  /** The button's accessible name, unique in its table. */
  label: string;
  /** False for a key already revoked, or a page that may not change keys: no button then. */
  revocable: boolean;
  send: (api: ShellContext['api']) => Promise<unknown>;
  listKey: QueryKey;
  successToast: string;
  /** What revoking means, in the dialog. */
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useApiForm({
    send: (_: void, api) => send(api),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    successToast,
  });
  return (
    <>
      {revocable && (
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={label}>
          Revoke
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Revoke this key?"
        confirmLabel="Revoke"
        tone="danger"
        busy={revoke.busy}
        busyLabel="Revoking…"
        error={revoke.formError}
        onConfirm={() => void revoke.submit()}
        onCancel={() => setConfirming(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

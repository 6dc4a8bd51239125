import type { ReactNode, RefObject } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { ConfirmDialog } from '@tunehouse/ui';

/**
 * Asks before deleting `item`, deletes it, refreshes the lists under `listKey` and says so in a toast. A refusal
 * (409: credited on a delivered release) keeps the dialog open with the server's reason.
 */
export function DeleteDialog<Item extends { name: string }>({
  item,
  noun,
  remove,
  listKey,
  onClose,
  fallbackFocus,
  children,
}: {
  item: Item | null;
  /** 'artist', 'contributor': on the confirm button. */
  noun: string;
  remove: (item: Item) => Promise<void>;
  listKey: QueryKey;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null> | undefined;
  children: ReactNode;
}) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: remove,
    onSuccess: async (_, target) => {
      await queryClient.invalidateQueries({ queryKey: listKey });
      shell.toasts.push(`${target.name} is deleted.`, 'SUCCESS');
      close();
    },
  });
  const close = () => {
    removal.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={item ? `Delete ${item.name}?` : ''}
      confirmLabel={`Delete ${noun}`}
      busyLabel="Deleting…"
      tone="danger"
      busy={removal.isPending}
      error={removal.isError ? messageOf(removal.error) : null}
      onConfirm={() => item && removal.mutate(item)}
      onCancel={close}
      fallbackFocus={fallbackFocus}
    >
      {children}
    </ConfirmDialog>
  );
}

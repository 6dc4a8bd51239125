import type { ReactNode } from 'react';
import type { PaymentMethod } from '@tunehouse/contracts';
import { Button, ConfirmDialog } from '@tunehouse/ui';
import { useRemoval } from './use-removal.js';

export interface RemovableListProps<Method extends PaymentMethod> {
  methods: readonly Method[];
  /** The list's accessible name. */
  label: string;
  /** Shown instead of the list while there is nothing in it. */
  empty: ReactNode;
  /** A method as its list item reads. */
  describe: (method: Method) => string;
  /** The method as its Remove button names it ("Remove …"). */
  name: (method: Method) => string;
  dialogTitle: string;
  /** What removing this method changes, in the dialog. */
  consequence: (method: Method) => ReactNode;
  /** Said in a toast once a method is removed. */
  removedMessage?: string;
}

/** Payment methods of one kind, each with a Remove button that asks first (see useRemoval). */
export function RemovableList<Method extends PaymentMethod>({
  methods,
  label,
  empty,
  describe,
  name,
  dialogTitle,
  consequence,
  removedMessage,
}: RemovableListProps<Method>) {
  const removal = useRemoval<Method>(removedMessage);
  return (
    <>
      {methods.length === 0 ? (
        empty
      ) : (
        <ul aria-label={label}>
          {methods.map((method) => (
            <li key={method.id}>
              {describe(method)}{' '}
              <Button
                variant="ghost"
                onClick={() => removal.ask(method)}
                aria-label={`Remove ${name(method)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removal.removing !== null}
        title={dialogTitle}
        confirmLabel="Remove"
        tone="danger"
        busy={removal.busy}
        busyLabel="Removing…"
        error={removal.error}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      >
        {removal.removing ? consequence(removal.removing) : ''}
      </ConfirmDialog>
    </>
  );
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { call, endpoints, type PaymentMethod } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { payoutKeys } from '../shared/payout-queries.js';

/**
 * Removing a payment method after asking: which one is being asked about, the DELETE while it runs, and the API's
 * reason when it refuses (the dialog stays open on it). Done, the payment methods are read again; `removedMessage`,
 * when given, is also said in a toast.
 */
export function useRemoval<Method extends PaymentMethod>(removedMessage?: string) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Method | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!removing) return;
    setBusy(true);
    setError(null);
    try {
      await call(shell.api, endpoints.billing.deleteMethod, { params: { id: removing.id } });
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      setRemoving(null);
      if (removedMessage) shell.toasts.push(removedMessage, 'SUCCESS');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setRemoving(null);
    setError(null);
  };

  return { removing, busy, error, ask: setRemoving, confirm, cancel };
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { call, endpoints, type PaymentMethod } from '@tunehouse/contracts';
import { useApiForm } from '@tunehouse/area-kit';
import { payoutKeys } from '../shared/payout-queries.js';

/**
 * Removing a payment method after asking: which one is being asked about, the DELETE while it runs, and the API's
 * reason when it refuses (the dialog stays open on it). Done, the payment methods are read again; `removedMessage`,
 * when given, is also said in a toast.
 */
export function useRemoval<Method extends PaymentMethod>(removedMessage?: string) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Method | null>(null);
  const removal = useApiForm({
    send: (method: Method, api) => call(api, endpoints.billing.deleteMethod, { params: { id: method.id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      setRemoving(null);
    },
    ...(removedMessage ? { successToast: removedMessage } : {}),
  });

  const confirm = async () => {
    if (removing) await removal.submit(removing);
  };

  const cancel = () => {
    setRemoving(null);
    removal.reset();
  };

  return { removing, busy: removal.busy, error: removal.formError, ask: setRemoving, confirm, cancel };
}

import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from '@tunehouse/contracts';
import { useApiForm } from '@tunehouse/area-kit';
import type { ShellContext } from '@tunehouse/shell-contract';
import { payoutKeys } from '../shared/payout-queries.js';

type PayoutFields = Record<string, string> & { country: string };

/**
 * A form that saves what payouts need (the billing details, a bank account): its fields, the errors the API gives
 * back at each field, the form's own error, and whether it is saving (area-kit's useApiForm). The country comes
 * from a list and must be chosen before anything is sent; once saved, the payout data is read afresh and a toast
 * says so.
 */
export function usePayoutForm<Fields extends PayoutFields>(options: {
  initial: Fields;
  /** The country field's error when none is chosen. */
  countryMissing: string;
  send: (api: ShellContext['api'], fields: Fields, country: CountryCode) => Promise<unknown>;
  savedMessage: string;
  /** Empty the form once saved (a form that adds one item after another). */
  clearOnSave?: boolean;
}) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(options.initial);
  const form = useApiForm({
    send: (sent: Fields, api) => options.send(api, sent, sent.country as CountryCode),
    onSuccess: async () => {
      if (options.clearOnSave) setFields(options.initial);
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
    successToast: options.savedMessage,
  });
  const set = (name: keyof Fields & string) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.reset();
    if (!fields.country) {
      form.setFieldErrors({ country: options.countryMissing });
      return;
    }
    void form.submit(fields);
  };
  return { fields, errors: form.fieldErrors, formError: form.formError, busy: form.busy, set, onSubmit };
}

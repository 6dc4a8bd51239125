import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from '@tunehouse/contracts';
import { fieldErrorsOf, messageOf, useShell } from '@tunehouse/area-kit';
import type { ShellContext } from '@tunehouse/shell-contract';
import { payoutKeys } from '../shared/payout-queries.js';

type PayoutFields = Record<string, string> & { country: string };

/**
 * A form that saves what payouts need (the billing details, a bank account): its fields, the errors the API gives
 * back at each field, the form's own error, and whether it is saving. The country comes from a list and must be
 * chosen before anything is sent; once saved, the payout data is read afresh and a toast says so.
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
  const shell = useShell();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Fields & string) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async () => {
    setFormError(null);
    if (!fields.country) {
      setErrors({ country: options.countryMissing });
      return;
    }
    setBusy(true);
    try {
      await options.send(shell.api, fields, fields.country as CountryCode);
      if (options.clearOnSave) setFields(options.initial);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      shell.toasts.push(options.savedMessage, 'SUCCESS');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  return { fields, errors, formError, busy, set, onSubmit };
}

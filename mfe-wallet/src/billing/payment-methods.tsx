import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type BankAccountMethod,
  COUNTRY_CODES,
  call,
  endpoints,
  type CountryCode,
} from '@tunehouse/contracts';
import { fieldErrorsOf, messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { payoutKeys } from '../payouts/payout-queries.js';
import { RemovableList } from './removable-list.js';

const COUNTRIES = countryOptions(COUNTRY_CODES);
const EMPTY = { holderName: '', iban: '', bic: '', country: '' };

/** Adds a bank account by IBAN; the IBAN goes to the payout provider and only its last four characters stay. */
function AddBankAccount() {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!fields.country) {
      setErrors({ country: 'Choose the country of the account' });
      return;
    }
    setBusy(true);
    try {
      await call(shell.api, endpoints.payouts.addMethod, {
        body: {
          kind: 'BANK_ACCOUNT',
          holderName: fields.holderName,
          iban: fields.iban,
          ...(fields.bic.trim() ? { bic: fields.bic } : {}),
          country: fields.country as CountryCode,
        },
      });
      setFields(EMPTY);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      shell.toasts.push('The bank account is added.', 'SUCCESS');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a bank account">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Account holder"
        value={fields.holderName}
        onChange={set('holderName')}
        error={errors.holderName}
      />
      <TextField
        label="IBAN"
        autoComplete="off"
        spellCheck={false}
        value={fields.iban}
        onChange={set('iban')}
        error={errors.iban}
      />
      <TextField label="BIC (optional)" value={fields.bic} onChange={set('bic')} error={errors.bic} />
      <SelectField
        label="Country of the account"
        options={COUNTRIES}
        placeholder="Choose a country"
        value={fields.country}
        onChange={set('country')}
        error={errors.country}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add bank account'}
      </Button>
    </form>
  );
}

const describeAccount = (method: BankAccountMethod) =>
  `${method.holderName}, ${method.maskedIban}${method.bic ? ` (${method.bic})` : ''}`;

/** The bank accounts on file, each removable, and the form to add one. */
export function PaymentMethods({ methods }: { methods: readonly BankAccountMethod[] }) {
  return (
    <>
      <RemovableList
        methods={methods}
        label="Bank accounts"
        empty={<p>No bank account yet.</p>}
        describe={describeAccount}
        name={(method) => method.maskedIban}
        dialogTitle="Remove this bank account?"
        consequence={(method) =>
          `Payouts already made to ${method.maskedIban} keep naming it; new payouts cannot go to it.`
        }
      />
      <AddBankAccount />
    </>
  );
}

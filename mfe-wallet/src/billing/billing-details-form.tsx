import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COUNTRY_CODES, call, endpoints, type BillingDetails, type CountryCode } from '@tunehouse/contracts';
import { fieldErrorsOf, messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { payoutKeys } from '../payouts/payout-queries.js';

type Fields = Record<'legalName' | 'addressLine' | 'postalCode' | 'city' | 'country' | 'vatId', string>;

const COUNTRIES = countryOptions(COUNTRY_CODES);

function fieldsOf(details: BillingDetails | null): Fields {
  return {
    legalName: details?.legalName ?? '',
    addressLine: details?.addressLine ?? '',
    postalCode: details?.postalCode ?? '',
    city: details?.city ?? '',
    country: details?.country ?? '',
    vatId: details?.vatId ?? '',
  };
}

/** The legal name, address and VAT id invoices are made out with; the API checks each field. */
export function BillingDetailsForm({ details }: { details: BillingDetails | null }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(details));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!fields.country) {
      setErrors({ country: 'Choose a country' });
      return;
    }
    setBusy(true);
    try {
      await call(shell.api, endpoints.payouts.setBillingDetails, {
        body: { ...fields, country: fields.country as CountryCode, vatId: fields.vatId || null },
      });
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      shell.toasts.push('Your billing details are saved.', 'SUCCESS');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Billing details">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Legal name"
        autoComplete="name"
        value={fields.legalName}
        onChange={set('legalName')}
        error={errors.legalName}
      />
      <TextField
        label="Street address"
        autoComplete="street-address"
        value={fields.addressLine}
        onChange={set('addressLine')}
        error={errors.addressLine}
      />
      <TextField
        label="Postal code"
        autoComplete="postal-code"
        value={fields.postalCode}
        onChange={set('postalCode')}
        error={errors.postalCode}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        value={fields.city}
        onChange={set('city')}
        error={errors.city}
      />
      <SelectField
        label="Country"
        options={COUNTRIES}
        placeholder="Choose a country"
        value={fields.country}
        onChange={set('country')}
        error={errors.country}
      />
      <TextField
        label="VAT id (optional)"
        hint="Only if you are registered for VAT."
        value={fields.vatId}
        onChange={set('vatId')}
        error={errors.vatId}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save billing details'}
      </Button>
    </form>
  );
}

import { COUNTRY_CODES, call, endpoints, type BillingDetails } from '@tunehouse/contracts';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { usePayoutForm } from './use-payout-form.js';

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
  const { fields, errors, formError, busy, set, onSubmit } = usePayoutForm({
    initial: fieldsOf(details),
    countryMissing: 'Choose a country',
    send: (api, { vatId, ...address }, country) =>
      call(api, endpoints.payouts.setBillingDetails, { body: { ...address, country, vatId: vatId || null } }),
    savedMessage: 'Your billing details are saved.',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Billing details">
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

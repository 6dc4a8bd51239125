import { COUNTRY_CODES, call, endpoints, type BillingDetails } from '@tunehouse/contracts';
import { Link } from '@tunehouse/area-kit';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { usePayoutForm } from './use-payout-form.js';

type Fields = Record<'tradingName' | 'addressLine' | 'postalCode' | 'city' | 'country' | 'vatId', string>;

const COUNTRIES = countryOptions(COUNTRY_CODES);

function fieldsOf(details: BillingDetails | null): Fields {
  return {
    tradingName: details?.tradingName ?? '',
    addressLine: details?.addressLine ?? '',
    postalCode: details?.postalCode ?? '',
    city: details?.city ?? '',
    country: details?.country ?? '',
    vatId: details?.vatId ?? '',
  };
}

/**
 * What invoices add to the verified legal name (decision 0062): a trading name, the business address and a VAT id;
 * the API checks each field. The legal name is the identity verification's and is shown, not typed.
 */
export function BillingDetailsForm({
  details,
  verifiedName,
}: {
  details: BillingDetails | null;
  verifiedName: string | null;
}) {
  const { fields, errors, formError, busy, set, onSubmit } = usePayoutForm({
    initial: fieldsOf(details),
    countryMissing: 'Choose a country',
    send: (api, { vatId, tradingName, ...address }, country) =>
      call(api, endpoints.billing.setBillingDetails, {
        body: { ...address, country, tradingName: tradingName || null, vatId: vatId || null },
      }),
    savedMessage: 'Your billing details are saved.',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Billing details">
      {formError && <Notice tone="error">{formError}</Notice>}
      <p>
        <strong>Legal name:</strong>{' '}
        {verifiedName ?? (
          <>
            not verified yet. Invoices are made out in the name your{' '}
            <Link to="/account/verify">identity verification</Link> confirms.
          </>
        )}
      </p>
      <TextField
        label="Trading name (optional)"
        hint="A band, label or business name you trade under; invoices say “trading as …”."
        autoComplete="organization"
        value={fields.tradingName}
        onChange={set('tradingName')}
        error={errors.tradingName}
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
        hint="Only if you are registered for VAT, with its country prefix (e.g. DE123456789). Printed as declared."
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

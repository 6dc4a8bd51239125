import {
  type BankAccountMethod,
  COUNTRY_CODES,
  type HolderReview,
  call,
  endpoints,
} from '@tunehouse/contracts';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { RemovableList } from './removable-list.js';
import { usePayoutForm } from './use-payout-form.js';

const COUNTRIES = countryOptions(COUNTRY_CODES);
const EMPTY = { holderName: '', iban: '', bic: '', country: '' };

/** Adds a bank account by IBAN; the IBAN goes to the payout provider and only its last four characters stay. */
function AddBankAccount() {
  const { fields, errors, formError, busy, set, onSubmit } = usePayoutForm({
    initial: EMPTY,
    countryMissing: 'Choose the country of the account',
    send: (api, { holderName, iban, bic }, country) =>
      call(api, endpoints.payouts.addMethod, {
        body: { kind: 'BANK_ACCOUNT', holderName, iban, ...(bic.trim() ? { bic } : {}), country },
      }),
    savedMessage: 'The bank account is added.',
    clearOnSave: true,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a bank account">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Account holder"
        hint="As on your identity document; another name waits for an administrator’s review."
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

/** Why payouts cannot go to an account yet (decision 0062); nothing for a payable one. */
const REVIEW_TEXT: Partial<Record<HolderReview, string>> = {
  PENDING_REVIEW: 'waiting for review: the holder is not your verified name',
  REJECTED: 'rejected: payouts cannot go to it',
};

const describeAccount = (method: BankAccountMethod) =>
  `${method.holderName}, ${method.maskedIban}${method.bic ? ` (${method.bic})` : ''}` +
  (REVIEW_TEXT[method.holderReview] ? ` — ${REVIEW_TEXT[method.holderReview]}` : '');

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

import { useQuery } from '@tanstack/react-query';
import {
  type BankAccountMethod,
  COUNTRY_CODES,
  type HolderReview,
  call,
  endpoints,
} from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { holdText } from '../shared/hold.js';
import { eligibilityQuery } from '../shared/payout-queries.js';
import { RemovableList } from './removable-list.js';
import { usePayoutForm } from './use-payout-form.js';

const COUNTRIES = countryOptions(COUNTRY_CODES);
const EMPTY = { holderName: '', iban: '', bic: '', country: '', password: '', otp: '' };

/**
 * Adds a bank account by IBAN; the IBAN goes to the payout provider and only its last four characters stay. Where
 * money goes needs the owner again: the authenticator code when the account has one (as payouts ask), otherwise the
 * password (decision 0060).
 */
function AddBankAccount() {
  const shell = useShell();
  const eligibility = useQuery(eligibilityQuery(shell.api));
  const asksCode = eligibility.data?.secondStepRequired ?? false;
  const { fields, errors, formError, busy, set, onSubmit } = usePayoutForm({
    initial: EMPTY,
    countryMissing: 'Choose the country of the account',
    send: (api, { holderName, iban, bic, password, otp }, country) =>
      call(api, endpoints.billing.addMethod, {
        body: {
          kind: 'BANK_ACCOUNT',
          holderName,
          iban,
          ...(bic.trim() ? { bic } : {}),
          country,
          ...(asksCode ? { otp: otp.trim() } : { password }),
        },
      }),
    savedMessage: 'The bank account is added. You will get an e-mail about it.',
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
      {asksCode ? (
        <TextField
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="The 6-digit code your authenticator app shows now: where your money goes is yours to decide."
          value={fields.otp}
          onChange={set('otp')}
          error={errors.otp}
        />
      ) : (
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          hint="Asked again because payouts will go to this account."
          value={fields.password}
          onChange={set('password')}
          error={errors.password}
        />
      )}
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

const describeAccount = (method: BankAccountMethod) => {
  const hold = holdText(method.heldUntil);
  const review = REVIEW_TEXT[method.holderReview];
  return (
    `${method.holderName}, ${method.maskedIban}${method.bic ? ` (${method.bic})` : ''}` +
    (review ? ` — ${review}` : '') +
    (hold ? `. ${hold}.` : '')
  );
};

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

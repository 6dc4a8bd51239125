import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type BankAccountMethod,
  call,
  endpoints,
  type PayoutEligibility,
  centsToDecimal,
  parseMoney,
} from '@tunehouse/contracts';
import { useApiForm } from '@tunehouse/area-kit';
import { isApiError } from '@tunehouse/shell-contract';
import { Button, Dialog, Notice, SelectField, TextField } from '@tunehouse/ui';
import { formatMoney } from '../shared/money.js';
import { holdText } from '../shared/hold.js';

type Fields = { amount: string; paymentMethodId: string; otp: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * The "Request payout" form: an amount (the whole available balance by default), the bank account, and the
 * authenticator code when the account has a second step. One Idempotency-Key per opening of the form, kept while a
 * request may have reached the API (a lost answer, retried, then answers the same payout), renewed after a refusal.
 */
export function RequestPayoutDialog({
  open,
  onClose,
  eligibility,
  methods,
}: {
  open: boolean;
  onClose: () => void;
  eligibility: PayoutEligibility;
  methods: readonly BankAccountMethod[];
}) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [fields, setFields] = useState<Fields>({
    amount: centsToDecimal(eligibility.available),
    // An account still on hold for new payees cannot take this payout: another one is chosen first if there is one.
    paymentMethodId: (methods.find((method) => !holdText(method.heldUntil)) ?? methods[0])?.id ?? '',
    otp: '',
  });
  const money = (cents: number) => formatMoney(cents, eligibility.currency);
  const chosen = methods.find((method) => method.id === fields.paymentMethodId);
  const hold = chosen ? holdText(chosen.heldUntil) : null;

  const check = (): { amount: number } | null => {
    const found: FieldErrors = {};
    const amount = parseMoney(fields.amount);
    if (amount === null) found.amount = 'Enter an amount such as 25.00';
    else if (amount < eligibility.minimumAmount)
      found.amount = `The smallest payout is ${money(eligibility.minimumAmount)}`;
    else if (amount > eligibility.available)
      found.amount = `You have ${money(eligibility.available)} available`;
    if (!fields.paymentMethodId) found.paymentMethodId = 'Choose a bank account';
    else if (hold) found.paymentMethodId = hold;
    if (eligibility.secondStepRequired && !/^\d{6}$/.test(fields.otp.trim()))
      found.otp = 'Enter the 6-digit code from your authenticator app';
    form.setFieldErrors(found);
    return Object.keys(found).length === 0 && amount !== null ? { amount } : null;
  };

  const form = useApiForm({
    send: (checked: { amount: number }, api) =>
      call(api, endpoints.payouts.request, {
        headers: { 'idempotency-key': key },
        body: {
          amount: checked.amount,
          paymentMethodId: fields.paymentMethodId,
          ...(eligibility.secondStepRequired ? { otp: fields.otp.trim() } : {}),
        },
      }),
    onSuccess: async () => {
      setKey(crypto.randomUUID());
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      onClose();
    },
    successToast: (payout) => `Payout of ${money(payout.amount)} requested.`,
    onError: (error) => {
      // The API answered a refusal: nothing was paid, so the next try is a new request.
      if (isApiError(error) && error.status < 500) setKey(crypto.randomUUID());
    },
  });
  const errors: FieldErrors = form.fieldErrors;
  const { busy, formError } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.reset();
    const checked = check();
    if (checked) void form.submit(checked);
  };

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Dialog
      open={open}
      title="Request payout"
      description={`Available: ${money(eligibility.available)}. The smallest payout is ${money(eligibility.minimumAmount)}.`}
      onClose={() => onClose()}
      dismissible={!busy}
      width="narrow"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="request-payout" disabled={busy}>
            {busy ? 'Requesting…' : 'Request payout'}
          </Button>
        </>
      }
    >
      <form id="request-payout" onSubmit={submit} noValidate aria-label="Request payout">
        {formError && <Notice tone="error">{formError}</Notice>}
        <TextField
          label={`Amount (${eligibility.currency})`}
          inputMode="decimal"
          value={fields.amount}
          onChange={set('amount')}
          error={errors.amount}
        />
        <SelectField
          label="Pay to"
          options={methods.map((method) => ({
            value: method.id,
            label: `${method.holderName}, ${method.maskedIban}${holdText(method.heldUntil) ? ' (on hold)' : ''}`,
          }))}
          value={fields.paymentMethodId}
          onChange={set('paymentMethodId')}
          hint={errors.paymentMethodId ? undefined : (hold ?? undefined)}
          error={errors.paymentMethodId}
        />
        {eligibility.secondStepRequired && (
          <TextField
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="The 6-digit code your authenticator app shows now."
            value={fields.otp}
            onChange={set('otp')}
            error={errors.otp}
          />
        )}
      </form>
    </Dialog>
  );
}

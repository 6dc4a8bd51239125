import { centsToDecimal } from '@tunehouse/contracts';
import { z } from 'zod';
import {
  PayoutRejectedError,
  type PayoutOrder,
  type PayoutProvider,
  type PayoutProviderStatus,
  type PayoutRecipientDetails,
} from './provider.js';

export type WiseOptions = {
  /** https://api.wise.com (live) or https://api.sandbox.transferwise.tech; tests point it at a local server. */
  apiUrl: string;
  /** An API token of the business profile that pays. */
  token: string;
  /** The business profile the payouts are paid from (its balance in the platform currency funds them). */
  profileId: number;
};

/** After funding, Wise usually needs minutes to hours: the first status question waits this long. */
const FIRST_CHECK_SECONDS = 300;

const quoteSchema = z.object({ id: z.string().min(1) });
const recipientSchema = z.object({ id: z.number().int() });
const transferSchema = z.object({ id: z.number().int(), status: z.string() });
const fundingSchema = z.object({ status: z.string(), errorCode: z.string().nullish() });

/** Wise transfer states (its "transfer statuses"), as this platform reads them. */
const SETTLED_STATES = new Set(['outgoing_payment_sent']);
const FAILED_STATES = new Set(['cancelled', 'funds_refunded', 'charged_back']);
const RETURNED_STATES = new Set(['bounced_back']);

/** Cents as the decimal amount Wise takes (1234 → 12.34), written from the digits so no float rounding creeps in. */
export function wiseAmount(cents: number): number {
  return Number(centsToDecimal(cents));
}

type Answer = { status: number; body: unknown };

/**
 * Payouts through Wise's Payouts API (docs/decisions/0046-payouts.md): a bank account becomes a Wise recipient
 * (POST /v1/accounts, IBAN), and each payout is a quote for the exact amount to arrive (POST
 * /v3/profiles/{profile}/quotes), a transfer to the recipient with the payout id as its customerTransactionId —
 * Wise answers the same transfer when one is created again with it, so a retry never pays twice — and its funding
 * from the profile's balance (POST /v3/profiles/{profile}/transfers/{id}/payments). Its status is then read with
 * GET /v1/transfers/{id}. A 4xx answer to creating or funding refuses the payout; a 5xx, a timeout or an
 * unreadable answer leaves it to be sent again.
 */
export function createWisePayoutProvider(options: WiseOptions): PayoutProvider {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<Answer> {
    // Wise's own paths (`v1/transfers`), relative to its API root; our endpoint-path rule is about our API only.
    const response = await fetch(`${options.apiUrl.replace(/\/+$/, '')}/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      throw new Error(`Wise ${method} ${path} answered ${response.status} with a body that is not JSON`);
    }
  }

  /** The body of a 2xx answer in the shape we need; a 4xx refuses the payout, anything else is retried. */
  function read<S extends z.ZodType>(what: string, answer: Answer, schema: S): z.infer<S> {
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 429)
      throw new PayoutRejectedError(`Wise refused the ${what}: ${messageOf(answer.body)}`);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`Wise ${what} answered ${answer.status}: ${messageOf(answer.body)}`);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new Error(`Wise ${what} answered a body we do not understand`);
    return parsed.data;
  }

  return {
    name: 'wise',
    async addRecipient(details: PayoutRecipientDetails, signal) {
      const answer = await call(
        'POST',
        'v1/accounts',
        {
          currency: details.currency,
          type: 'iban',
          profile: options.profileId,
          accountHolderName: details.holderName,
          details: {
            legalType: 'PRIVATE',
            IBAN: details.iban,
            ...(details.bic ? { BIC: details.bic } : {}),
          },
        },
        signal,
      );
      return { reference: String(read('recipient', answer, recipientSchema).id) };
    },

    async send(order: PayoutOrder, signal) {
      const quote = read(
        'quote',
        await call(
          'POST',
          `v3/profiles/${options.profileId}/quotes`,
          {
            sourceCurrency: order.currency,
            targetCurrency: order.currency,
            targetAmount: wiseAmount(order.amount),
            targetAccount: Number(order.recipient),
            payOut: 'BANK_TRANSFER',
          },
          signal,
        ),
        quoteSchema,
      );
      const transfer = read(
        'transfer',
        await call(
          'POST',
          'v1/transfers',
          {
            targetAccount: Number(order.recipient),
            quoteUuid: quote.id,
            customerTransactionId: order.payoutId,
            details: { reference: order.reference },
          },
          signal,
        ),
        transferSchema,
      );
      // Sent again after a timeout, Wise answers the transfer it already has: funded then, it needs no funding.
      if (transfer.status === 'incoming_payment_waiting') {
        const funding = read(
          'funding',
          await call(
            'POST',
            `v3/profiles/${options.profileId}/transfers/${transfer.id}/payments`,
            { type: 'BALANCE' },
            signal,
          ),
          fundingSchema,
        );
        if (funding.status !== 'COMPLETED')
          throw new PayoutRejectedError(
            `Wise could not fund the transfer: ${funding.errorCode ?? funding.status}`,
          );
      }
      return { reference: String(transfer.id), checkAfterSeconds: FIRST_CHECK_SECONDS };
    },

    async status(reference, signal): Promise<PayoutProviderStatus> {
      const answer = await call('GET', `v1/transfers/${encodeURIComponent(reference)}`, undefined, signal);
      if (answer.status < 200 || answer.status >= 300)
        throw new Error(`Wise transfer ${reference} answered ${answer.status}: ${messageOf(answer.body)}`);
      const parsed = transferSchema.safeParse(answer.body);
      if (!parsed.success) throw new Error(`Wise transfer ${reference} answered a body we do not understand`);
      const state = parsed.data.status;
      if (SETTLED_STATES.has(state)) return { status: 'SETTLED' };
      if (RETURNED_STATES.has(state))
        return { status: 'RETURNED', reason: 'The receiving bank sent the money back (Wise: bounced_back)' };
      if (FAILED_STATES.has(state))
        return { status: 'FAILED', reason: `Wise stopped the transfer (${state})` };
      return { status: 'PENDING' };
    },
  };
}

/** Wise's error answers carry `errors[].message` or `message`; the first one found. */
function messageOf(body: unknown): string {
  const shape = z
    .object({
      message: z.string().optional(),
      errors: z.array(z.object({ message: z.string().optional(), code: z.string().optional() })).optional(),
    })
    .safeParse(body);
  if (!shape.success) return 'no details';
  const first = shape.data.errors?.[0];
  return first?.message ?? first?.code ?? shape.data.message ?? 'no details';
}

import {
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
  type FieldIssue,
  type WebhookEvent,
  webhookEventSchema,
} from '@tunehouse/contracts';

/** Why {@link verifyWebhook} refused a delivery: answer it with a 400 and do nothing with it. */
export class WebhookVerificationError extends Error {
  /** `SIGNATURE_INVALID`: forged, another secret, changed body, or outside the tolerance; `EVENT_INVALID`: signed but not an event. */
  readonly code: 'SIGNATURE_INVALID' | 'EVENT_INVALID';
  readonly issues: FieldIssue[];

  constructor(code: 'SIGNATURE_INVALID' | 'EVENT_INVALID', message: string, issues: FieldIssue[] = []) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
    this.issues = issues;
  }
}

export interface VerifyWebhookInput {
  /** The raw request body, exactly as received (before any JSON parsing). */
  payload: string | Uint8Array;
  /** The `Tunehouse-Signature` header. */
  header: string | null | undefined;
  /** The endpoint's secret (`whsec_…`), shown when it was registered or rotated. */
  secret: string;
  /** How far the signature's timestamp may be from now, against replays; default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The receiver's clock (tests); default the current time. */
  now?: Date;
}

/**
 * Checks a webhook delivery as the API signs it (`signWebhookPayload` in libs/contracts, used by the API's
 * deliverer; docs/decisions/0088-webhooks.md): HMAC-SHA256 over `<t>.<raw body>`, compared in constant time, any
 * of several `v1=` entries (secret rotation), `t` within the tolerance. Answers the event parsed with the event
 * schemas, typed by its `type`; throws {@link WebhookVerificationError} otherwise.
 */
export async function verifyWebhook(input: VerifyWebhookInput): Promise<WebhookEvent> {
  const body = typeof input.payload === 'string' ? input.payload : new TextDecoder().decode(input.payload);
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const valid = await verifyWebhookSignature(
    input.secret,
    input.header,
    body,
    input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS,
    nowSeconds,
  );
  if (!valid)
    throw new WebhookVerificationError(
      'SIGNATURE_INVALID',
      'The Tunehouse-Signature header does not sign this body with this secret within the tolerance',
    );
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WebhookVerificationError('EVENT_INVALID', 'The signed body is not JSON');
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
      message: issue.message,
    }));
    throw new WebhookVerificationError(
      'EVENT_INVALID',
      `The signed body is not a known event: ${issues[0]?.path.join('.') || '(root)'}: ${issues[0]?.message ?? ''}`,
      issues,
    );
  }
  return parsed.data as WebhookEvent;
}

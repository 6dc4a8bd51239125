import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS, webhookEventEnvelopes } from '@tunehouse/contracts';
import { z } from 'zod';

const SIGNATURE_HELP =
  `\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>\`. Verify it on ` +
  `the raw body, and refuse a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} s from your clock ` +
  '(`verifyWebhookSignature` in @tunehouse/contracts, later @tunehouse/sdk). See docs/api.md, "Webhooks".';

/**
 * The OpenAPI 3.1 `webhooks` section: one POST per event type, with its envelope as the body, the headers every
 * delivery carries, and what counts as received (docs/decisions/0088-webhooks.md).
 */
export function webhookOpenApi(): Record<string, { post: object }> {
  return Object.fromEntries(
    webhookEventEnvelopes().map(({ type, schema }) => [
      type,
      {
        post: {
          summary: `The ${type} event`,
          description:
            'Sent to each enabled endpoint of the account that chose this type. A 2xx within 10 s is received; ' +
            'anything else is retried with exponential backoff for 3 days, then the endpoint is turned off and ' +
            'its owner mailed. A delivery may come more than once: deduplicate by the event id.',
          tags: ['webhooks'],
          parameters: [
            {
              name: WEBHOOK_HEADERS.signature,
              in: 'header',
              required: true,
              description: SIGNATURE_HELP,
              schema: { type: 'string' },
            },
            { name: WEBHOOK_HEADERS.eventId, in: 'header', required: true, schema: { type: 'string' } },
            {
              name: WEBHOOK_HEADERS.eventType,
              in: 'header',
              required: true,
              schema: { type: 'string', const: type },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }),
              },
            },
          },
          responses: { '2XX': { description: 'Received' } },
        },
      },
    ]),
  );
}

import { createHmac } from 'node:crypto';
// The function the API's deliverer signs every delivery with (api/src/domains/webhooks/deliver.ts).
import { signWebhookPayload } from '@tunehouse/contracts';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './index.js';

const SECRET = 'whsec_test_0123456789';
const T = 1_800_000_000;
const at = (seconds: number) => new Date(seconds * 1000);
const event = {
  id: '6c1f8a0e-5b1d-4c1e-9f3a-8d2e7c6b5a41',
  type: 'release.live',
  createdAt: '2026-11-28T14:02:11.408Z',
  data: { albumId: 'a1', title: 'Paper Boats', upc: '0123456789012', platform: 'SPOTIFY' },
};
const BODY = JSON.stringify(event);

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe('verifyWebhook', () => {
  it('answers the typed event of a delivery the API signed, from a string or the raw bytes', async () => {
    const header = await signWebhookPayload(SECRET, BODY, T);
    const parsed = await verifyWebhook({ payload: BODY, header, secret: SECRET, now: at(T + 10) });
    expect(parsed).toEqual(event);
    // Narrowed by its type: a receiver switches on it.
    if (parsed.type === 'release.live') expect(parsed.data.platform).toBe('SPOTIFY');
    const bytes = new TextEncoder().encode(BODY);
    await expect(verifyWebhook({ payload: bytes, header, secret: SECRET, now: at(T) })).resolves.toEqual(
      event,
    );
  });

  it('accepts any one of several v1 signatures (a secret being rotated)', async () => {
    const current = (await signWebhookPayload(SECRET, BODY, T)).split('v1=')[1];
    const old = createHmac('sha256', 'whsec_old').update(`${T}.${BODY}`).digest('hex');
    const header = `t=${T},v1=${old},v1=${current}`;
    await expect(verifyWebhook({ payload: BODY, header, secret: SECRET, now: at(T) })).resolves.toEqual(
      event,
    );
  });

  it('refuses outside the tolerance (5 minutes unless told), on both sides of now', async () => {
    const header = await signWebhookPayload(SECRET, BODY, T);
    const verify = (now: number, toleranceSeconds?: number) =>
      verifyWebhook({
        payload: BODY,
        header,
        secret: SECRET,
        now: at(now),
        ...(toleranceSeconds === undefined ? {} : { toleranceSeconds }),
      });
    await expect(verify(T + 300)).resolves.toEqual(event);
    expect((await refusal(verify(T + 301))).code).toBe('SIGNATURE_INVALID');
    expect((await refusal(verify(T - 301))).code).toBe('SIGNATURE_INVALID');
    expect((await refusal(verify(T + 61, 60))).code).toBe('SIGNATURE_INVALID');
  });

  it('refuses a forged signature, another secret, a changed body and a missing header', async () => {
    const header = await signWebhookPayload(SECRET, BODY, T);
    const forged = `t=${T},v1=${createHmac('sha256', 'guess').update(`${T}.${BODY}`).digest('hex')}`;
    for (const [payload, sent, secret] of [
      [BODY, forged, SECRET],
      [BODY, header, 'whsec_other'],
      [BODY.replace('Paper Boats', 'Paper Ships'), header, SECRET],
      [BODY, undefined, SECRET],
      [BODY, header.replace(`t=${T}`, `t=${T + 1}`), SECRET],
    ] as const) {
      const error = await refusal(verifyWebhook({ payload, header: sent, secret, now: at(T) }));
      expect(error.code).toBe('SIGNATURE_INVALID');
    }
  });

  it('refuses a signed body that is not an event, naming the field', async () => {
    const body = JSON.stringify({ ...event, data: { ...event.data, platform: 42 } });
    const header = await signWebhookPayload(SECRET, body, T);
    const error = await refusal(verifyWebhook({ payload: body, header, secret: SECRET, now: at(T) }));
    expect(error.code).toBe('EVENT_INVALID');
    expect(error.issues[0]?.path).toEqual(['data', 'platform']);
  });
});

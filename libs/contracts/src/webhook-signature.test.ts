import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
} from './webhook-signature.js';

const SECRET = 'whsec_test_0123456789';
const BODY = '{"id":"evt_1","type":"payout.settled","data":{"amount":100}}';
const NOW = 1_800_000_000;

/** The header as a receiver without this library would compute it (node:crypto), to check the Web Crypto code. */
const independent = (secret: string, t: number, body: string) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

describe('webhook signatures', () => {
  it('signs "t.body" with HMAC-SHA256, as node:crypto computes it', async () => {
    expect(await signWebhookPayload(SECRET, BODY, NOW)).toBe(independent(SECRET, NOW, BODY));
  });

  it('accepts the signed body within the tolerance, and any one of several v1 entries', async () => {
    const header = independent(SECRET, NOW, BODY);
    expect(await verifyWebhookSignature(SECRET, header, BODY, 300, NOW + 299)).toBe(true);
    expect(await verifyWebhookSignature(SECRET, header, BODY, 300, NOW - 299)).toBe(true);
    const rotated = `${independent('whsec_old', NOW, BODY)},v1=${header.split('v1=')[1]}`;
    expect(await verifyWebhookSignature(SECRET, rotated, BODY, 300, NOW)).toBe(true);
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
  });

  it('refuses another secret, a changed body, a forged MAC, an old or future timestamp and junk', async () => {
    const header = independent(SECRET, NOW, BODY);
    const verify = (h: string | undefined, body = BODY, now = NOW) =>
      verifyWebhookSignature(SECRET, h, body, 300, now);
    expect(await verifyWebhookSignature('whsec_other', header, BODY, 300, NOW)).toBe(false);
    expect(await verify(header, BODY.replace('100', '1000'))).toBe(false);
    expect(await verify(`t=${NOW},v1=${'0'.repeat(64)}`)).toBe(false);
    expect(await verify(header.replace(`t=${NOW}`, `t=${NOW + 1}`))).toBe(false);
    expect(await verify(header, BODY, NOW + 301)).toBe(false);
    expect(await verify(header, BODY, NOW - 301)).toBe(false);
    for (const junk of [undefined, '', 'v1=abc', `t=${NOW}`, 't=abc,v1=00', `t=${NOW},v0=aa`])
      expect(await verify(junk)).toBe(false);
  });
});

import { endpoints, SIMULATOR_SIGNATURE_HEADER, SIMULATOR_TIMESTAMP_HEADER } from '@tunehouse/contracts';
import { signWebhook } from '../domains/payments/index.js';
import type { TestApp } from './test-app.js';

export type WebhookForgery = {
  /** Signs with another secret than the app's. */
  signedWith?: string;
  /** The signature's time, in seconds (an old one is a replay). */
  at?: number;
  /** Signs another body than the one sent (a tampered body). */
  signedBody?: string;
};

/**
 * Posts a webhook event to the app as the payment simulator sends it: JSON, timestamped and signed with the app's
 * webhook secret, unless `forgery` says otherwise.
 */
export function simulatorWebhook(t: TestApp, event: object, forgery: WebhookForgery = {}) {
  const body = JSON.stringify(event);
  const {
    signedWith = t.config.paymentSimulatorWebhookSecret,
    at = Math.floor(Date.now() / 1000),
    signedBody = body,
  } = forgery;
  return t.app.inject({
    method: 'POST',
    url: endpoints.payments.simulatorWebhook.path,
    headers: {
      'content-type': 'application/json',
      [SIMULATOR_TIMESTAMP_HEADER]: String(at),
      [SIMULATOR_SIGNATURE_HEADER]: signWebhook(signedWith, at, signedBody),
    },
    payload: body,
  });
}

/**
 * Reads a payment or card set-up until the provider has decided it (no longer PENDING): the webhook and the
 * browser's return race, so a test waits for the state, not a time. Fails after 50 reads.
 */
export async function untilDecided<Item extends { status: string }>(
  read: () => Promise<Item>,
  what: string,
): Promise<Item> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const item = await read();
    if (item.status !== 'PENDING') return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} stayed PENDING`);
}

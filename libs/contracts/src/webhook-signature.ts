/**
 * The `Tunehouse-Signature` header of a webhook delivery (docs/decisions/0088-webhooks.md), Stripe-style:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>`.
 *
 * Web Crypto only (no node:crypto), so the same code runs in the API, its tests, Node receivers and the future
 * `@tunehouse/sdk`, and in a browser or an edge worker; it is therefore async.
 */

/** What receivers are told to accept: a signature at most this old (or this far ahead), against replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const encoder = /*#__PURE__*/ new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The header value for `body` sent at `timestampSeconds`. */
export async function signWebhookPayload(
  secret: string,
  body: string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacHex(secret, `${timestampSeconds}.${body}`)}`;
}

/** Compares in time independent of where the strings differ, so the check leaks nothing about the right MAC. */
function equalInConstantTime(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index += 1)
    difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0);
  return difference === 0;
}

/**
 * True when `header` signs exactly `body` (the raw request body, before any JSON parsing) with `secret`, with a
 * timestamp within `toleranceSeconds` of `nowSeconds`. Any `v1=` entry may match (during a secret rotation a sender
 * may add one per secret); unknown entries are ignored.
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!header) return false;
  const entries = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const timestamp = entries.find(([key]) => key === 't')?.[1];
  const signatures = entries.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = await hmacHex(secret, `${timestamp}.${body}`);
  return signatures.some((signature) => equalInConstantTime(signature.toLowerCase(), expected));
}

import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/**
 * Starts saving a card: the API opens a set-up on the payment provider's own page (nothing about the card is sent
 * from here) and answers that page, where the browser goes next; it comes back to
 * /payment-methods/complete?setup_id=….
 */
export async function startCardSetup(api: ShellContext['api']): Promise<string | null> {
  const answer = await call(api, endpoints.billing.addMethod, { body: { kind: 'CARD' } });
  if (!('setup' in answer)) throw new Error('The API answered a bank account to a card set-up');
  return answer.setup.redirectUrl ?? null;
}

/** `Visa ending 4242, expires 12/2029`. */
export function cardLabel(card: { brand: string; last4: string; expMonth: number; expYear: number }): string {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

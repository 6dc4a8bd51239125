import { centsToDecimal, endpoints, pathOf } from '@tunehouse/contracts';
import { escapeMarkup } from '../../platform/escape-markup.js';
import type { SimulatedCheckout } from './simulated-payment-provider.js';

export const CHECKOUT_STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#15121f}
.note{background:#fff4d6;padding:.75rem 1rem;border-radius:8px}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
form{display:inline-block;margin:0 .5rem .5rem 0}button{font:inherit;padding:.6rem 1.4rem;border-radius:6px;
border:1px solid #15121f;cursor:pointer}.pay{background:#15121f;color:#fff}.decline{background:#fff;color:#15121f}`;

/**
 * The simulated provider's hosted checkout: plainly a simulation, the amount and what it pays for, and Pay /
 * Decline as form posts (they work without script). A decided checkout says so and links back to the result page.
 */
export function checkoutPage(checkout: SimulatedCheckout, resultUrl: string): string {
  const amount = `${centsToDecimal(checkout.amount)} ${checkout.currency}`;
  const params = { id: checkout.paymentId };
  const pay = escapeMarkup(pathOf(endpoints.payments.checkoutPay.path, params));
  const decline = escapeMarkup(pathOf(endpoints.payments.checkoutDecline.path, params));
  const actions =
    checkout.outcome === null
      ? `<form method="post" action="${pay}"><input type="hidden" name="choice" value="pay"><button class="pay" type="submit">Pay ${escapeMarkup(amount)}</button></form>
<form method="post" action="${decline}"><input type="hidden" name="choice" value="decline"><button class="decline" type="submit">Decline</button></form>`
      : `<p>This checkout was ${checkout.outcome === 'PAID' ? 'paid' : 'declined'} already. <a href="${escapeMarkup(resultUrl)}">See the result</a>.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulated payment provider — no real money</title><style>${CHECKOUT_STYLE}</style></head><body><main>
<h1>Simulated payment provider — no real money</h1>
<p class="note">This checkout is made by this Tunehouse installation's <strong>payment simulator</strong>. No card is asked for and no money moves: Pay acts as if a card was charged, Decline as if it was refused. A real provider shows its own page.</p>
<p>${escapeMarkup(checkout.description)}</p>
<p class="amount">${escapeMarkup(amount)}</p>
${actions}
</main></body></html>`;
}

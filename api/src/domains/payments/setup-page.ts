import { endpoints, pathOf, SIMULATED_TEST_CARDS } from '@tunehouse/contracts';
import { escapeMarkup } from '../../platform/escape-markup.js';
import { CHECKOUT_STYLE } from './checkout-page.js';
import type { SimulatedSetup } from './simulated-payment-provider.js';

const STYLE = `${CHECKOUT_STYLE}
fieldset{border:1px solid #c9c4d6;border-radius:8px;margin:1rem 0;padding:.5rem 1rem}
label{display:block;padding:.4rem 0}form{display:block}`;

/**
 * The simulated provider's card set-up page: plainly a simulation, a choice of test cards (no card number is typed,
 * even here) and Save card / Cancel as form posts that work without script. A decided set-up says so and links
 * back to the result page.
 */
export function setupPage(setup: SimulatedSetup, resultUrl: string): string {
  const params = { id: setup.setupId };
  const save = escapeMarkup(pathOf(endpoints.payments.setupSave.path, params));
  const cancel = escapeMarkup(pathOf(endpoints.payments.setupCancel.path, params));
  const cards = Object.entries(SIMULATED_TEST_CARDS)
    .map(
      ([key, card], index) =>
        `<label><input type="radio" name="card" value="${escapeMarkup(key)}"${index === 0 ? ' checked' : ''}> ${escapeMarkup(card.label)}</label>`,
    )
    .join('\n');
  const actions =
    setup.outcome === null
      ? `<form method="post" action="${save}"><fieldset><legend>Test card to save</legend>
${cards}
</fieldset><button class="pay" type="submit">Save card</button></form>
<form method="post" action="${cancel}"><button class="decline" type="submit">Cancel</button></form>`
      : `<p>This card set-up was ${setup.outcome === 'SAVED' ? 'completed' : 'cancelled'} already. <a href="${escapeMarkup(resultUrl)}">See the result</a>.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulated payment provider — no real money</title><style>${STYLE}</style></head><body><main>
<h1>Simulated payment provider — no real money</h1>
<p class="note">This card set-up is made by this Tunehouse installation's <strong>payment simulator</strong>. No card number is asked for and no card is checked: Save card acts as if the chosen test card was saved, Cancel as if the card holder gave up. A real provider shows its own page.</p>
<p>Save a card to your Tunehouse account.</p>
${actions}
</main></body></html>`;
}

import type { CardMethod } from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { cardLabel, startCardSetup } from '../shared/card-setup.js';
import { ProviderButton } from '../shared/provider-button.js';
import { RemovableList } from './removable-list.js';

/**
 * The cards on file, each removable, and "Add a card", which leaves for the payment provider's set-up page: the
 * card is typed there, never here, and only its brand, last four digits and expiry come back.
 */
export function CardMethods({ cards }: { cards: readonly CardMethod[] }) {
  const shell = useShell();
  return (
    <>
      <RemovableList
        methods={cards}
        label="Cards"
        empty={<p>No card yet. A saved card can pay a takedown settlement when the wallet is short.</p>}
        describe={cardLabel}
        name={cardLabel}
        dialogTitle="Remove this card?"
        consequence={(card) => `${cardLabel(card)} will no longer be offered for payments.`}
        removedMessage="The card is removed."
      />
      <ProviderButton
        label="Add a card"
        busyLabel="Opening the payment provider…"
        start={() => startCardSetup(shell.api)}
      />
      <p>You enter the card on the payment provider’s page; Tunehouse never sees its number.</p>
    </>
  );
}

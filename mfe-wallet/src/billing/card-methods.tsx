import { useState } from 'react';
import type { CardMethod } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Notice } from '@tunehouse/ui';
import { cardLabel, startCardSetup } from '../payments/card-setup.js';
import { goToCheckout } from '../payments/go-to-checkout.js';
import { RemovableList } from './removable-list.js';

/**
 * The cards on file, each removable, and "Add a card", which leaves for the payment provider's set-up page: the
 * card is typed there, never here, and only its brand, last four digits and expiry come back.
 */
export function CardMethods({ cards }: { cards: readonly CardMethod[] }) {
  const shell = useShell();
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const add = async () => {
    setAdding(true);
    setAddError(null);
    try {
      const setup = await startCardSetup(shell.api);
      if (setup.redirectUrl) goToCheckout(setup.redirectUrl);
    } catch (failure) {
      setAddError(messageOf(failure));
      setAdding(false);
    }
  };

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
      {addError && <Notice tone="error">{addError}</Notice>}
      <p>
        <Button onClick={() => void add()} disabled={adding}>
          {adding ? 'Opening the payment provider…' : 'Add a card'}
        </Button>
      </p>
      <p>You enter the card on the payment provider’s page; Tunehouse never sees its number.</p>
    </>
  );
}

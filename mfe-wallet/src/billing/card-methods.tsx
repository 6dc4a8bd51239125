import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { call, endpoints, type CardMethod } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button, ConfirmDialog, Notice } from '@tunehouse/ui';
import { cardLabel, startCardSetup } from '../payments/card-setup.js';
import { goToCheckout } from '../payments/go-to-checkout.js';
import { payoutKeys } from '../payouts/payout-queries.js';

/**
 * The cards on file, each removable, and "Add a card", which leaves for the payment provider's set-up page: the
 * card is typed there, never here, and only its brand, last four digits and expiry come back.
 */
export function CardMethods({ cards }: { cards: readonly CardMethod[] }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<CardMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    setError(null);
    try {
      await call(shell.api, endpoints.payouts.deleteMethod, { params: { id: removing.id } });
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      setRemoving(null);
      shell.toasts.push('The card is removed.', 'SUCCESS');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {cards.length === 0 ? (
        <p>No card yet. A saved card can pay a takedown settlement when the wallet is short.</p>
      ) : (
        <ul aria-label="Cards">
          {cards.map((card) => (
            <li key={card.id}>
              {cardLabel(card)}{' '}
              <Button
                variant="ghost"
                onClick={() => setRemoving(card)}
                aria-label={`Remove ${cardLabel(card)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this card?"
        confirmLabel="Remove"
        tone="danger"
        busy={busy}
        busyLabel="Removing…"
        error={error}
        onConfirm={() => void remove()}
        onCancel={() => {
          setRemoving(null);
          setError(null);
        }}
      >
        {removing ? cardLabel(removing) : ''} will no longer be offered for payments.
      </ConfirmDialog>
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

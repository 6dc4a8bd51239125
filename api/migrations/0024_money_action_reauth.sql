-- Money actions guarded like sign-in (docs/decisions/0060-money-action-reauth-and-payee-hold.md).
-- A wrong second-step code or password asked again before money moves counts with the sign-in codes
-- ('second_step_failed'); reaching the limit writes one 'money_actions_locked' row, from which payouts and new payout
-- methods wait 15 minutes even with the right code.
ALTER TABLE sign_in_attempts DROP CONSTRAINT sign_in_attempts_kind_check;
ALTER TABLE sign_in_attempts ADD CONSTRAINT sign_in_attempts_kind_check
  CHECK (kind IN ('password_failed', 'second_step_failed', 'reset_mail_sent', 'money_actions_locked'));

-- A new bank account takes payouts only from this time (PAYOUT_METHOD_HOLD_HOURS after it was added), as banks and
-- PayPal hold a new payee. NULL: not held (every method added before this rule, cards, the demo's account).
ALTER TABLE payment_methods ADD COLUMN payouts_from timestamptz;

-- docs/decisions/0061-impersonation-and-split-invites.md.
-- An impersonation's write is audited under the administrator, naming the user they were viewing as (null for the
-- administrator's own admin calls).
ALTER TABLE admin_audit_events ADD COLUMN impersonated_user_id uuid REFERENCES users (id);

-- A recipient who asked, through the link in an invite mail, to be sent no more invites by that sender. Later
-- invites from the sender to the address are still made (the owner sees them) but not mailed. The address is
-- kept lower-cased, as split participants' are.
CREATE TABLE split_invite_opt_outs (
  sender_account_id uuid NOT NULL REFERENCES accounts (id),
  email text NOT NULL CHECK (email = lower(email)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sender_account_id, email)
);

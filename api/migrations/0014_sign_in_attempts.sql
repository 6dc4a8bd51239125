-- Sign-in abuse limits (docs/decisions/0047-sign-in-abuse-limits.md). Failed password checks and second-step
-- codes, and reset mails sent, by subject (a hash of the e-mail address tried, or of the user id) and the address
-- they came from. Keyed by the address tried rather than the user, an unknown e-mail is counted and answered
-- exactly like a known one, so the limits reveal nothing about which accounts exist.
CREATE TABLE sign_in_attempts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('password_failed', 'second_step_failed', 'reset_mail_sent')),
  subject bytea NOT NULL,
  address text NOT NULL DEFAULT '',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_attempts_subject_idx ON sign_in_attempts (kind, subject, at);

-- The per-account hard ceiling it replaces let anyone lock an owner out for an hour.
DROP TABLE login_failures;

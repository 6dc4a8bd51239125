-- Exchange rates as exact decimals (docs/decisions/0080-exchange-rate-tables.md). Parts per billion keep 7
-- significant digits of a yen rate into EUR and 5 of a rupiah one; `rate` keeps the decimal as entered or as a
-- rate table computed it (12 significant digits), and the close converts with it. `rate_ppb` stays, as the rate
-- rounded to whole parts per billion (what the hand-entry field shows), checked against `rate`. `source` says
-- where a rate came from: 'hand', or 'table <date>' when loaded from a published rate table.
ALTER TABLE period_exchange_rates
  ADD COLUMN rate numeric CHECK (rate > 0),
  ADD COLUMN source text NOT NULL DEFAULT 'hand';

-- The existing rates (closed periods' included, whose value is unchanged: the same number, written exactly).
ALTER TABLE period_exchange_rates DISABLE TRIGGER period_rates_open;
UPDATE period_exchange_rates SET rate = rate_ppb::numeric / 1000000000;
ALTER TABLE period_exchange_rates ENABLE TRIGGER period_rates_open;
ALTER TABLE period_exchange_rates ALTER COLUMN rate SET NOT NULL;

-- A row written with parts per billion only is that rate exactly.
CREATE FUNCTION period_rates_decimal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rate IS NULL THEN
    NEW.rate := NEW.rate_ppb::numeric / 1000000000;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER period_rates_decimal BEFORE INSERT OR UPDATE ON period_exchange_rates
  FOR EACH ROW EXECUTE FUNCTION period_rates_decimal();

ALTER TABLE period_exchange_rates ADD CONSTRAINT period_exchange_rates_ppb_of_rate
  CHECK (rate_ppb = GREATEST(1, round(rate * 1000000000)));

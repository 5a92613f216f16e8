-- Figures a prospect can trust (issue 22 §1–2). A pitch's costs and savings are in the currency the client sells
-- (GBP for GBP pairs, EUR for EUR/USD); anything added up across pitches is in pounds, converted at the EUR/GBP mid
-- the calculation used (stored with it as pounds per unit of the sold currency, 1 for GBP pairs). Only pitches where
-- we are cheaper add to 'savings pitched'; a pitch where the competitor is cheaper is a loss, counted on its own; a
-- competitor rate outside the day's range (saved only after the broker's explicit 'Use this rate anyway') is kept
-- out of every total and average. The standing is derived from the stored figures, so no writer can disagree.
ALTER TABLE calculations
  ADD COLUMN gbp_per_unit numeric(18, 8) NOT NULL DEFAULT 1 CHECK (gbp_per_unit > 0),
  ADD COLUMN off_market boolean NOT NULL DEFAULT false;

-- Calculations saved before: a competitor rate the range check put outside the day is off-market; EUR/USD pitches
-- are converted at the ECB's GBP per EUR of their day (the last fix within a week), else the spec's fallback.
UPDATE calculations SET off_market = true WHERE evidence -> 'range' ->> 'position' IN ('below', 'above');
UPDATE calculations c SET gbp_per_unit = coalesce((
    SELECT e.per_eur FROM ecb_reference_rates e
    WHERE e.currency = 'GBP' AND e.fix_date <= london_day(c.created_at) AND e.fix_date > london_day(c.created_at) - 7
    ORDER BY e.fix_date DESC LIMIT 1), round(1 / 1.1854, 8))
WHERE c.currency_pair = 'EURUSD';

ALTER TABLE calculations
  ADD COLUMN standing text GENERATED ALWAYS AS (CASE
    WHEN off_market THEN 'off_market'
    WHEN (calculation_data ->> 'cost_with_competitor')::numeric > (calculation_data ->> 'cost_with_us')::numeric THEN 'saving'
    WHEN (calculation_data ->> 'cost_with_competitor')::numeric = (calculation_data ->> 'cost_with_us')::numeric THEN 'even'
    ELSE 'loss' END) STORED,
  -- The annual saving (or loss) in pounds.
  ADD COLUMN savings_gbp numeric(22, 2) GENERATED ALWAYS AS (round(savings_amount * gbp_per_unit, 2)) STORED,
  -- What the pitch adds to 'savings pitched': its saving in pounds when we are cheaper and the rate is on-market.
  ADD COLUMN counted_savings_gbp numeric(22, 2) GENERATED ALWAYS AS (CASE
    WHEN NOT off_market
      AND (calculation_data ->> 'cost_with_competitor')::numeric > (calculation_data ->> 'cost_with_us')::numeric
    THEN round(savings_amount * gbp_per_unit, 2) ELSE 0 END) STORED;

-- The rollup of migration 0012 now counts included pitches, losses and off-market ones; savings are the counted
-- pounds and pips are summed over the included pitches only (average pips = pips / included).
ALTER TABLE calculation_user_days
  ADD COLUMN included integer NOT NULL DEFAULT 0,
  ADD COLUMN losses integer NOT NULL DEFAULT 0,
  ADD COLUMN excluded integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION calculation_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calculation_user_days AS d (company_id, user_id, day, calculations, annual_savings, pips, last_at,
    included, losses, excluded)
  SELECT n.company_id, n.user_id, london_day(n.created_at), count(*), sum(n.counted_savings_gbp),
         coalesce(sum((n.calculation_data ->> 'difference_in_pips')::numeric) FILTER (WHERE NOT n.off_market), 0),
         max(n.created_at), count(*) FILTER (WHERE NOT n.off_market), count(*) FILTER (WHERE n.standing = 'loss'),
         count(*) FILTER (WHERE n.off_market)
  FROM new_rows n
  GROUP BY 1, 2, 3
  ON CONFLICT (company_id, day, user_id) DO UPDATE SET
    calculations = d.calculations + excluded.calculations,
    annual_savings = d.annual_savings + excluded.annual_savings,
    pips = d.pips + excluded.pips,
    last_at = greatest(d.last_at, excluded.last_at),
    included = d.included + excluded.included,
    losses = d.losses + excluded.losses,
    excluded = d.excluded + excluded.excluded;
  INSERT INTO calculation_clients AS c (company_id, user_id, client_key, days, last_day)
  SELECT n.company_id, n.user_id, n.normalized_client_name, bit_or(activity_day_bit(london_day(n.created_at), m.len)),
         max(london_day(n.created_at))
  FROM new_rows n,
       (SELECT max(london_day(created_at)) - date '2024-01-01' + 1 AS len FROM new_rows) m
  WHERE n.normalized_client_name IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (company_id, user_id, client_key) DO UPDATE SET
    days = activity_days_or(c.days, excluded.days),
    last_day = greatest(c.last_day, excluded.last_day);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION calculation_rollups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT o.company_id, o.user_id, london_day(o.created_at) AS day, count(*) AS calculations,
           sum(o.counted_savings_gbp) AS annual_savings,
           coalesce(sum((o.calculation_data ->> 'difference_in_pips')::numeric) FILTER (WHERE NOT o.off_market), 0) AS pips,
           count(*) FILTER (WHERE NOT o.off_market) AS included, count(*) FILTER (WHERE o.standing = 'loss') AS losses,
           count(*) FILTER (WHERE o.off_market) AS excluded
    FROM old_rows o
    GROUP BY 1, 2, 3
  )
  UPDATE calculation_user_days d SET
    calculations = d.calculations - g.calculations,
    annual_savings = d.annual_savings - g.annual_savings,
    pips = d.pips - g.pips,
    included = d.included - g.included,
    losses = d.losses - g.losses,
    excluded = d.excluded - g.excluded
  FROM gone g
  WHERE d.company_id = g.company_id AND d.day = g.day AND d.user_id = g.user_id;
  DELETE FROM calculation_user_days WHERE calculations <= 0;
  UPDATE calculation_user_days d SET last_at = c.last_at
  FROM (
    SELECT k.company_id, k.user_id, k.day, max(c.created_at) AS last_at
    FROM (SELECT DISTINCT company_id, user_id, london_day(created_at) AS day FROM old_rows) k
    JOIN calculations c ON c.user_id = k.user_id AND c.company_id = k.company_id AND london_day(c.created_at) = k.day
    GROUP BY 1, 2, 3
  ) c
  WHERE d.company_id = c.company_id AND d.day = c.day AND d.user_id = c.user_id;

  DELETE FROM calculation_clients c
  USING (SELECT DISTINCT company_id, user_id, normalized_client_name AS client_key FROM old_rows) k
  WHERE c.company_id = k.company_id AND c.user_id = k.user_id AND c.client_key = k.client_key;
  INSERT INTO calculation_clients (company_id, user_id, client_key, days, last_day)
  SELECT c.company_id, c.user_id, c.normalized_client_name, bit_or(activity_day_bit(london_day(c.created_at), m.len)),
         max(london_day(c.created_at))
  FROM calculations c
  JOIN (SELECT DISTINCT company_id, user_id, normalized_client_name FROM old_rows) k
    ON c.company_id = k.company_id AND c.user_id = k.user_id AND c.normalized_client_name = k.normalized_client_name,
  (SELECT max(london_day(created_at)) - date '2024-01-01' + 1 AS len FROM calculations) m
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION calculation_rollups_build(p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO calculation_user_days (company_id, user_id, day, calculations, annual_savings, pips, last_at,
    included, losses, excluded)
  SELECT company_id, user_id, london_day(created_at), count(*), sum(counted_savings_gbp),
         coalesce(sum((calculation_data ->> 'difference_in_pips')::numeric) FILTER (WHERE NOT off_market), 0),
         max(created_at), count(*) FILTER (WHERE NOT off_market), count(*) FILTER (WHERE standing = 'loss'),
         count(*) FILTER (WHERE off_market)
  FROM calculations WHERE p_company IS NULL OR company_id = p_company
  GROUP BY 1, 2, 3;
  INSERT INTO calculation_clients (company_id, user_id, client_key, days, last_day)
  SELECT c.company_id, c.user_id, c.normalized_client_name, bit_or(activity_day_bit(london_day(c.created_at), m.len)),
         max(london_day(c.created_at))
  FROM calculations c,
       (SELECT max(london_day(created_at)) - date '2024-01-01' + 1 AS len FROM calculations) m
  WHERE c.normalized_client_name IS NOT NULL AND (p_company IS NULL OR c.company_id = p_company)
  GROUP BY 1, 2, 3;
$$;

-- Every day's figures again under the new rules.
TRUNCATE calculation_user_days, calculation_clients;
SELECT calculation_rollups_build(NULL);

DROP INDEX calculation_user_days_range;
CREATE INDEX calculation_user_days_range ON calculation_user_days (company_id, day)
  INCLUDE (user_id, calculations, annual_savings, pips, included, losses, excluded);

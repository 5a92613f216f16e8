-- Honest words for losses (issue 31 §5). A pitch whose rate is better than the mid (margin_bps < 0, migration 0046:
-- the client gets more than the market, the brokerage pays the difference) is 'below the mid — a loss to you': it is
-- never a saving, so it adds nothing to 'savings pitched'. Averages (pips) are taken over the counted pitches only —
-- the savings — so a competitor-cheaper pitch, a same-cost one, a below-the-mid one and an off-market one no longer
-- move the average. The rollups' `included` is now that count (the average's denominator) and `excluded` counts the
-- pitches kept out of every total: off-market rates and pitches below the mid. shared/src/totals.ts is this rule.
-- PostgreSQL 15 cannot change a generated column's expression in place: the two are dropped and added again
-- (generated columns are computed after BEFORE triggers, so margin_bps is already filled when they are).
ALTER TABLE calculations DROP COLUMN counted_savings_gbp, DROP COLUMN standing;
ALTER TABLE calculations
  ADD COLUMN standing text GENERATED ALWAYS AS (CASE
    WHEN off_market THEN 'off_market'
    WHEN margin_bps < 0 THEN 'below_mid'
    WHEN (calculation_data ->> 'cost_with_competitor')::numeric > (calculation_data ->> 'cost_with_us')::numeric THEN 'saving'
    WHEN (calculation_data ->> 'cost_with_competitor')::numeric = (calculation_data ->> 'cost_with_us')::numeric THEN 'even'
    ELSE 'loss' END) STORED,
  ADD COLUMN counted_savings_gbp numeric(22, 2) GENERATED ALWAYS AS (CASE
    WHEN NOT off_market AND coalesce(margin_bps >= 0, true)
      AND (calculation_data ->> 'cost_with_competitor')::numeric > (calculation_data ->> 'cost_with_us')::numeric
    THEN round(savings_amount * gbp_per_unit, 2) ELSE 0 END) STORED;

CREATE OR REPLACE FUNCTION calculation_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calculation_user_days AS d (company_id, user_id, day, calculations, annual_savings, pips, last_at,
    included, losses, excluded)
  SELECT n.company_id, n.user_id, london_day(n.created_at), count(*), sum(n.counted_savings_gbp),
         coalesce(sum((n.calculation_data ->> 'difference_in_pips')::numeric) FILTER (WHERE n.standing = 'saving'), 0),
         max(n.created_at), count(*) FILTER (WHERE n.standing = 'saving'), count(*) FILTER (WHERE n.standing = 'loss'),
         count(*) FILTER (WHERE n.standing IN ('off_market', 'below_mid'))
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
           coalesce(sum((o.calculation_data ->> 'difference_in_pips')::numeric) FILTER (WHERE o.standing = 'saving'), 0) AS pips,
           count(*) FILTER (WHERE o.standing = 'saving') AS included, count(*) FILTER (WHERE o.standing = 'loss') AS losses,
           count(*) FILTER (WHERE o.standing IN ('off_market', 'below_mid')) AS excluded
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
         coalesce(sum((calculation_data ->> 'difference_in_pips')::numeric) FILTER (WHERE standing = 'saving'), 0),
         max(created_at), count(*) FILTER (WHERE standing = 'saving'), count(*) FILTER (WHERE standing = 'loss'),
         count(*) FILTER (WHERE standing IN ('off_market', 'below_mid'))
  FROM calculations WHERE p_company IS NULL OR company_id = p_company
  GROUP BY 1, 2, 3;
  INSERT INTO calculation_clients (company_id, user_id, client_key, days, last_day)
  SELECT c.company_id, c.user_id, c.normalized_client_name, bit_or(activity_day_bit(london_day(c.created_at), m.len)),
         max(london_day(c.created_at))
  FROM calculations c,
       (SELECT max(london_day(created_at)) - date '2024-01-01' + 1 AS len FROM calculations) m
  WHERE c.normalized_client_name IS NOT NULL AND (p_company IS NULL OR c.company_id = p_company)
  GROUP BY 1, 2, 3;
  SELECT calculation_user_weeks_build(p_company);
$$;

-- Every day's and week's figures again under the new rule.
TRUNCATE calculation_user_days, calculation_clients;
SELECT calculation_rollups_build(NULL);

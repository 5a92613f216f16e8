-- Activity reporting (spec §2 Admin dashboard, User activity; issue 10). The dashboard compares each broker's
-- calculations, distinct clients, savings and pips over a range of London days with the previous range of the same
-- length. Read straight from `calculations`, a quarter and its previous quarter for a 200-broker company is ~250,000
-- rows and a COUNT(DISTINCT) per broker: too slow for the 50 ms target. So calculations are rolled up per company,
-- London day, broker (and client), kept by statement-level triggers (one grouped upsert per INSERT statement, so a
-- bulk load costs one statement too), and the dashboard sums at most one row per broker, client and day.

CREATE TABLE calculation_client_days (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  -- The Europe/London calendar day of created_at (design.md §3 Times: dashboards are London days, BST or GMT).
  day date NOT NULL,
  -- calculations.normalized_client_name; '' for a calculation without a client (it counts, but is no client).
  client_key text NOT NULL,
  calculations integer NOT NULL,
  annual_savings numeric(28, 2) NOT NULL,
  -- Sum of the calculations' pips (calculation_data.difference_in_pips); average = pips / calculations.
  pips numeric(24, 1) NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, day, user_id, client_key)
);

-- The same per company, London day and broker (no client): sums, the chart and "last active" read these, at most
-- one row per broker and day (73,000 a year for 200 brokers); only distinct clients need the table above.
CREATE TABLE calculation_user_days (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  day date NOT NULL,
  calculations integer NOT NULL,
  annual_savings numeric(28, 2) NOT NULL,
  pips numeric(24, 1) NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, day, user_id)
);
-- "Last active" per broker: the newest day of one member.
CREATE INDEX calculation_user_days_user ON calculation_user_days (user_id, day DESC);

-- The user activity page and the CSV export read one member's calculations by time.
CREATE INDEX calculations_user_time ON calculations (user_id, created_at DESC, id DESC);

CREATE FUNCTION calculation_client_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calculation_client_days AS d
    (company_id, user_id, day, client_key, calculations, annual_savings, pips, last_at)
  SELECT n.company_id, n.user_id, (n.created_at AT TIME ZONE 'Europe/London')::date,
         coalesce(n.normalized_client_name, ''), count(*), sum(n.savings_amount),
         coalesce(sum((n.calculation_data ->> 'difference_in_pips')::numeric), 0), max(n.created_at)
  FROM new_rows n
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (company_id, day, user_id, client_key) DO UPDATE SET
    calculations = d.calculations + excluded.calculations,
    annual_savings = d.annual_savings + excluded.annual_savings,
    pips = d.pips + excluded.pips,
    last_at = greatest(d.last_at, excluded.last_at);
  INSERT INTO calculation_user_days AS d (company_id, user_id, day, calculations, annual_savings, pips, last_at)
  SELECT n.company_id, n.user_id, (n.created_at AT TIME ZONE 'Europe/London')::date, count(*),
         sum(n.savings_amount), coalesce(sum((n.calculation_data ->> 'difference_in_pips')::numeric), 0),
         max(n.created_at)
  FROM new_rows n
  GROUP BY 1, 2, 3
  ON CONFLICT (company_id, day, user_id) DO UPDATE SET
    calculations = d.calculations + excluded.calculations,
    annual_savings = d.annual_savings + excluded.annual_savings,
    pips = d.pips + excluded.pips,
    last_at = greatest(d.last_at, excluded.last_at);
  RETURN NULL;
END $$;

-- A deleted calculation leaves its day's figures; a row left with none is removed, and the newest time is read
-- again from what remains (deletions are rare: a member removed, a company's data deleted).
CREATE FUNCTION calculation_client_days_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT o.company_id, o.user_id, (o.created_at AT TIME ZONE 'Europe/London')::date AS day,
           coalesce(o.normalized_client_name, '') AS client_key, count(*) AS calculations,
           sum(o.savings_amount) AS annual_savings,
           coalesce(sum((o.calculation_data ->> 'difference_in_pips')::numeric), 0) AS pips
    FROM old_rows o
    GROUP BY 1, 2, 3, 4
  )
  UPDATE calculation_client_days d SET
    calculations = d.calculations - g.calculations,
    annual_savings = d.annual_savings - g.annual_savings,
    pips = d.pips - g.pips
  FROM gone g
  WHERE d.company_id = g.company_id AND d.day = g.day AND d.user_id = g.user_id AND d.client_key = g.client_key;
  DELETE FROM calculation_client_days WHERE calculations <= 0;
  UPDATE calculation_client_days d SET last_at = c.last_at
  FROM (
    SELECT k.company_id, k.user_id, k.day, k.client_key, max(c.created_at) AS last_at
    FROM (SELECT DISTINCT company_id, user_id, (created_at AT TIME ZONE 'Europe/London')::date AS day,
                 coalesce(normalized_client_name, '') AS client_key FROM old_rows) k
    JOIN calculations c ON c.user_id = k.user_id AND c.company_id = k.company_id
      AND coalesce(c.normalized_client_name, '') = k.client_key
      AND (c.created_at AT TIME ZONE 'Europe/London')::date = k.day
    GROUP BY 1, 2, 3, 4
  ) c
  WHERE d.company_id = c.company_id AND d.day = c.day AND d.user_id = c.user_id AND d.client_key = c.client_key;

  WITH gone AS (
    SELECT o.company_id, o.user_id, (o.created_at AT TIME ZONE 'Europe/London')::date AS day, count(*) AS calculations,
           sum(o.savings_amount) AS annual_savings,
           coalesce(sum((o.calculation_data ->> 'difference_in_pips')::numeric), 0) AS pips
    FROM old_rows o
    GROUP BY 1, 2, 3
  )
  UPDATE calculation_user_days d SET
    calculations = d.calculations - g.calculations,
    annual_savings = d.annual_savings - g.annual_savings,
    pips = d.pips - g.pips
  FROM gone g
  WHERE d.company_id = g.company_id AND d.day = g.day AND d.user_id = g.user_id;
  DELETE FROM calculation_user_days WHERE calculations <= 0;
  UPDATE calculation_user_days d SET last_at = c.last_at
  FROM (
    SELECT k.company_id, k.user_id, k.day, max(c.created_at) AS last_at
    FROM (SELECT DISTINCT company_id, user_id, (created_at AT TIME ZONE 'Europe/London')::date AS day
          FROM old_rows) k
    JOIN calculations c ON c.user_id = k.user_id AND c.company_id = k.company_id
      AND (c.created_at AT TIME ZONE 'Europe/London')::date = k.day
    GROUP BY 1, 2, 3
  ) c
  WHERE d.company_id = c.company_id AND d.day = c.day AND d.user_id = c.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER calculations_rollup_add AFTER INSERT ON calculations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calculation_client_days_add();
CREATE TRIGGER calculations_rollup_remove AFTER DELETE ON calculations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calculation_client_days_remove();

-- Calculations saved before this migration (also how a bulk load without triggers is rolled up: bench/activity.ts).
INSERT INTO calculation_user_days (company_id, user_id, day, calculations, annual_savings, pips, last_at)
SELECT company_id, user_id, (created_at AT TIME ZONE 'Europe/London')::date, count(*), sum(savings_amount),
       coalesce(sum((calculation_data ->> 'difference_in_pips')::numeric), 0), max(created_at)
FROM calculations
GROUP BY 1, 2, 3;
INSERT INTO calculation_client_days (company_id, user_id, day, client_key, calculations, annual_savings, pips, last_at)
SELECT company_id, user_id, (created_at AT TIME ZONE 'Europe/London')::date, coalesce(normalized_client_name, ''),
       count(*), sum(savings_amount), coalesce(sum((calculation_data ->> 'difference_in_pips')::numeric), 0),
       max(created_at)
FROM calculations
GROUP BY 1, 2, 3, 4;

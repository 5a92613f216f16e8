-- Activity reporting (spec §2 Admin dashboard, User activity; issue 10). The dashboard compares each broker's
-- calculations, distinct clients, savings and pips over a range of London days with the previous range of the same
-- length. Read straight from `calculations`, a quarter and the quarter before it for a 200-broker company are
-- ~250,000 rows and a COUNT(DISTINCT) per broker: far over the 50 ms target. So calculations are rolled up, kept by
-- statement-level triggers (one grouped upsert per INSERT statement, so a bulk load costs one statement too):
--   calculation_user_days: per company, London day and broker: count, savings, pips, newest time;
--   calculation_clients:   per company, broker and client: a bit per London day the client was pitched, so "distinct
--                          clients in a range" is one bit test per (broker, client) pair, whatever the range's length.

CREATE TABLE calculation_user_days (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  -- The Europe/London calendar day of created_at (design.md §3 Times: dashboards are London days, BST or GMT).
  day date NOT NULL,
  calculations integer NOT NULL,
  annual_savings numeric(28, 2) NOT NULL,
  -- Sum of the calculations' pips (calculation_data.difference_in_pips); average = pips / calculations.
  pips numeric(24, 1) NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, day, user_id)
);
-- "Last active" per broker: the newest day of one member.
CREATE INDEX calculation_user_days_user ON calculation_user_days (user_id, day DESC);

CREATE TABLE calculation_clients (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  -- calculations.normalized_client_name (a calculation without a client counts, but is no client).
  client_key text NOT NULL,
  -- Bit i set: pitched on London day 2024-01-01 + i (activity_day_bit). 46 bytes per pair per year since 2024.
  days bit varying NOT NULL,
  -- The newest day set: a range's query skips the pairs not pitched since its previous period began.
  last_day date NOT NULL,
  PRIMARY KEY (company_id, user_id, client_key)
);
CREATE INDEX calculation_clients_recent ON calculation_clients (company_id, last_day);

-- The London day of an instant.
CREATE FUNCTION london_day(at timestamptz) RETURNS date IMMUTABLE PARALLEL SAFE LANGUAGE sql
  RETURN (at AT TIME ZONE 'Europe/London')::date;

-- A bit string of `len` bits with only the day's bit set (days before 2024 share bit 0: the product has no earlier activity).
CREATE FUNCTION activity_day_bit(day date, len integer) RETURNS bit varying IMMUTABLE PARALLEL SAFE LANGUAGE sql
  RETURN set_bit(repeat('0', len)::bit varying, greatest(day - date '2024-01-01', 0), 1);

-- Bits of length(a) or length(b), whichever is longer, set where either is set.
CREATE FUNCTION activity_days_or(a bit varying, b bit varying) RETURNS bit varying IMMUTABLE PARALLEL SAFE
  LANGUAGE sql
  RETURN (a || repeat('0', greatest(length(b) - length(a), 0))::bit varying)
    | (b || repeat('0', greatest(length(a) - length(b), 0))::bit varying);

-- Whether any day from `first` to `last` (inclusive) is set.
CREATE FUNCTION activity_days_any(days bit varying, first date, last date) RETURNS boolean IMMUTABLE PARALLEL SAFE
  LANGUAGE sql
  RETURN CASE WHEN last < date '2024-01-01' THEN false ELSE position(B'1' IN substring(days
    FROM greatest(first - date '2024-01-01', 0) + 1 FOR last - greatest(first, date '2024-01-01') + 1)) > 0 END;

CREATE FUNCTION calculation_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calculation_user_days AS d (company_id, user_id, day, calculations, annual_savings, pips, last_at)
  SELECT n.company_id, n.user_id, london_day(n.created_at), count(*), sum(n.savings_amount),
         coalesce(sum((n.calculation_data ->> 'difference_in_pips')::numeric), 0), max(n.created_at)
  FROM new_rows n
  GROUP BY 1, 2, 3
  ON CONFLICT (company_id, day, user_id) DO UPDATE SET
    calculations = d.calculations + excluded.calculations,
    annual_savings = d.annual_savings + excluded.annual_savings,
    pips = d.pips + excluded.pips,
    last_at = greatest(d.last_at, excluded.last_at);
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

-- A deleted calculation leaves its day's figures; a day left with none is removed, the newest time is read again,
-- and the deleted clients' day bits are rebuilt from what remains (deletions are rare: a member removed, a company's
-- data deleted).
CREATE FUNCTION calculation_rollups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT o.company_id, o.user_id, london_day(o.created_at) AS day, count(*) AS calculations,
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

CREATE TRIGGER calculations_rollup_add AFTER INSERT ON calculations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calculation_rollups_add();
CREATE TRIGGER calculations_rollup_remove AFTER DELETE ON calculations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calculation_rollups_remove();

-- Builds both rollups for calculations that have none yet (this migration's backfill; a bulk load made without the
-- triggers, as bench/activity.ts does, calls it once at the end).
CREATE FUNCTION calculation_rollups_build(p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO calculation_user_days (company_id, user_id, day, calculations, annual_savings, pips, last_at)
  SELECT company_id, user_id, london_day(created_at), count(*), sum(savings_amount),
         coalesce(sum((calculation_data ->> 'difference_in_pips')::numeric), 0), max(created_at)
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

-- The user activity page and the CSV export read one member's calculations by time.
CREATE INDEX calculations_user_time ON calculations (user_id, created_at DESC, id DESC);

SELECT calculation_rollups_build(NULL);

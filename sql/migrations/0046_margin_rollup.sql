-- Margin conceded fast enough, and in the CSV (issue 25 §3). A pitch's margin against the mid, its ticket in pounds,
-- its £ a year and the floor of the policy in force at its save never change after the save (a policy change applies
-- to later pitches only), so they are computed once, when the calculation is written, and stored on it; the
-- dashboard's card then reads a rollup per (company, London day, broker, pair) kept by triggers, as
-- calculation_user_days is for the activity (migration 0012), instead of computing every pitch of the range from its
-- JSON (1.8 s a quarter over the bench's 500,000 calculations, against 50 ms). Approval states are not rolled up:
-- they change after the save, and are read live for the few pitches that have a request.

-- Per pitch, as shared/src/margin.ts and margin-policy.ts compute them (services/margin/conceded.ts's former query,
-- held to pitchMargin pitch by pitch by server/test/margin-conceded.test.ts): the client buys the quote currency,
-- margin = (mid − pitched rate) ÷ mid in bps to 1 dp; ticket = amount ÷ mid × pounds per base unit, 2 dp; £ a year =
-- amount ÷ rate × (mid − rate) ÷ mid × pounds per unit × trades, 2 dp. One division per figure keeps numeric's
-- precision, so the roundings land where decimal.js's land. nullif: a zero mid or rate (which no save allows)
-- measures nothing rather than failing the save. The floor is the newest policy version at or before the save, and
-- its band by the ticket, lower edge inclusive (bandFor); below it is the 1 dp figure under the floor
-- (isBelowFloor). A pitch without a mid has no figures and no floor.
-- A set-returning SQL function so that a set-based UPDATE or INSERT … SELECT inlines it (the backfill, bulk loads).
CREATE FUNCTION calculation_margin_figures(
  p_company uuid, p_at timestamptz, p_pair text, p_data jsonb, p_evidence jsonb, p_gbp_per_unit numeric
) RETURNS TABLE (ticket_gbp numeric, bps numeric, gbp_per_year numeric, floor_bps numeric, below_floor boolean)
  LANGUAGE sql STABLE AS $$
  SELECT m.ticket, m.bps, m.per_year, f.floor_bps, coalesce(m.bps < f.floor_bps, false)
  FROM (
    SELECT nullif((p_evidence -> 'mid' ->> 'rate')::numeric, 0) AS mid,
           nullif((p_data ->> 'your_rate')::numeric + 0.0001 * (p_data ->> 'pips_added')::numeric, 0) AS rate,
           (p_data ->> 'trade_amount')::numeric AS amount,
           (p_data ->> 'trades_per_year')::numeric AS trades
  ) i
  CROSS JOIN LATERAL (
    SELECT round((i.mid - i.rate) * 10000 / i.mid, 1) AS bps,
           round(i.amount * p_gbp_per_unit / i.mid, 2) AS ticket,
           round(i.amount * (i.mid - i.rate) * p_gbp_per_unit * i.trades / (i.rate * i.mid), 2) AS per_year
  ) m
  LEFT JOIN LATERAL (
    SELECT (b ->> 'floorBps')::numeric AS floor_bps
    FROM (
      SELECT v.floors FROM margin_policy_versions v
      WHERE v.company_id = p_company AND v.changed_at <= p_at
      ORDER BY v.changed_at DESC, v.id DESC
      LIMIT 1
    ) v
    CROSS JOIN LATERAL jsonb_array_elements(v.floors -> p_pair) b
    WHERE m.ticket >= (b ->> 'fromGbp')::numeric
      AND (b ->> 'toGbp' IS NULL OR m.ticket < (b ->> 'toGbp')::numeric)
    LIMIT 1
  ) f ON true
$$;

-- Unconstrained numerics: a figure never fails a save for its size, and keeps the scale it was rounded to ('50.0',
-- a floor of '50'), which is what the CSV prints.
ALTER TABLE calculations
  ADD COLUMN margin_ticket_gbp numeric,
  ADD COLUMN margin_bps numeric,
  ADD COLUMN margin_gbp_per_year numeric,
  ADD COLUMN margin_floor_bps numeric,
  ADD COLUMN margin_below_floor boolean NOT NULL DEFAULT false;

UPDATE calculations c
SET (margin_ticket_gbp, margin_bps, margin_gbp_per_year, margin_floor_bps, margin_below_floor) = (
  SELECT f.ticket_gbp, f.bps, f.gbp_per_year, f.floor_bps, f.below_floor
  FROM calculation_margin_figures(c.company_id, c.created_at, c.currency_pair, c.calculation_data, c.evidence,
                                  c.gbp_per_unit) f);

-- Every writer (the calculator's save, the demo data, tests) gets the figures from the row it writes. A rewrite of
-- what the figures are made of (none today) computes them again, still under the policy of the pitch's time.
CREATE FUNCTION calculation_margin_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f.ticket_gbp, f.bps, f.gbp_per_year, f.floor_bps, f.below_floor
  INTO NEW.margin_ticket_gbp, NEW.margin_bps, NEW.margin_gbp_per_year, NEW.margin_floor_bps, NEW.margin_below_floor
  FROM calculation_margin_figures(NEW.company_id, NEW.created_at, NEW.currency_pair, NEW.calculation_data,
                                  NEW.evidence, NEW.gbp_per_unit) f;
  RETURN NEW;
END $$;
CREATE TRIGGER calculations_margin_fill
  BEFORE INSERT OR UPDATE OF company_id, created_at, currency_pair, calculation_data, evidence, gbp_per_unit
  ON calculations FOR EACH ROW EXECUTE FUNCTION calculation_margin_fill();

-- The card's sums per company, London day, broker and pair. The weighted figures are kept as their numerator and
-- denominator (Σ bps × ticket and Σ ticket over the measured pitches; Σ floor × ticket and Σ ticket over the
-- floored ones), so any run of days divides the same sums the per-pitch query divided: same figures to the penny.
CREATE TABLE calculation_margin_days (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  day date NOT NULL,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  pair text NOT NULL,
  pitches integer NOT NULL,
  -- Saved with a mid (and so a margin).
  measured integer NOT NULL,
  measured_ticket_gbp numeric NOT NULL,
  bps_ticket numeric NOT NULL,
  -- Σ ticket of every pitch (the card's volume).
  ticket_gbp numeric NOT NULL,
  floored integer NOT NULL,
  floored_ticket_gbp numeric NOT NULL,
  floor_ticket numeric NOT NULL,
  gbp_per_year numeric NOT NULL,
  below_floor integer NOT NULL,
  PRIMARY KEY (company_id, day, user_id, pair)
);
-- The user activity page: one member's days.
CREATE INDEX calculation_margin_days_user ON calculation_margin_days (user_id, day);

-- The same sums per London week (Monday to Sunday), so a quarter reads ~13 weeks and at most 12 loose days per
-- broker and pair instead of 90 days (numeric sums are what the card's query spends its time on). Kept from the
-- day rows by a row trigger on calculation_margin_days, so the two cannot drift.
CREATE TABLE calculation_margin_weeks (LIKE calculation_margin_days INCLUDING ALL);
ALTER TABLE calculation_margin_weeks RENAME COLUMN day TO week;
ALTER TABLE calculation_margin_weeks
  ADD FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE,
  ADD FOREIGN KEY (user_id) REFERENCES user_profiles (id) ON DELETE CASCADE,
  ADD CHECK (extract(isodow FROM week) = 1);

-- The Monday of a day's week.
CREATE FUNCTION london_week(day date) RETURNS date IMMUTABLE PARALLEL SAFE LANGUAGE sql
  RETURN day - (extract(isodow FROM day)::integer - 1);

-- Kept by statement-level triggers on calculations (one grouped statement per statement, so a bulk write costs one
-- statement too): an insert adds its rows, a delete (a member removed, retention) subtracts them, an update does
-- both; a key left with no pitch is removed. Sums of numerics are exact, so subtracting gives back what adding
-- gave. Subtracting is an UPDATE, never an upsert: when a member or company is deleted, the cascade may already have
-- removed their rollup rows, and an upsert would write them again for someone who no longer exists.
CREATE FUNCTION calculation_margin_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE calculation_margin_days d SET
      pitches = d.pitches - g.pitches, measured = d.measured - g.measured,
      measured_ticket_gbp = d.measured_ticket_gbp - g.measured_ticket_gbp, bps_ticket = d.bps_ticket - g.bps_ticket,
      ticket_gbp = d.ticket_gbp - g.ticket_gbp, floored = d.floored - g.floored,
      floored_ticket_gbp = d.floored_ticket_gbp - g.floored_ticket_gbp, floor_ticket = d.floor_ticket - g.floor_ticket,
      gbp_per_year = d.gbp_per_year - g.gbp_per_year, below_floor = d.below_floor - g.below_floor
    FROM (
      SELECT o.company_id, london_day(o.created_at) AS day, o.user_id, o.currency_pair AS pair,
             count(*) AS pitches, count(o.margin_bps) AS measured,
             coalesce(sum(o.margin_ticket_gbp) FILTER (WHERE o.margin_bps IS NOT NULL), 0) AS measured_ticket_gbp,
             coalesce(sum(o.margin_bps * o.margin_ticket_gbp), 0) AS bps_ticket,
             coalesce(sum(o.margin_ticket_gbp), 0) AS ticket_gbp, count(o.margin_floor_bps) AS floored,
             coalesce(sum(o.margin_ticket_gbp) FILTER (WHERE o.margin_floor_bps IS NOT NULL), 0) AS floored_ticket_gbp,
             coalesce(sum(o.margin_floor_bps * o.margin_ticket_gbp), 0) AS floor_ticket,
             coalesce(sum(o.margin_gbp_per_year), 0) AS gbp_per_year,
             count(*) FILTER (WHERE o.margin_below_floor) AS below_floor
      FROM old_rows o
      GROUP BY 1, 2, 3, 4
    ) g
    WHERE d.company_id = g.company_id AND d.day = g.day AND d.user_id = g.user_id AND d.pair = g.pair;
    DELETE FROM calculation_margin_days d
    USING (SELECT DISTINCT company_id, london_day(created_at) AS day, user_id, currency_pair FROM old_rows) k
    WHERE d.company_id = k.company_id AND d.day = k.day AND d.user_id = k.user_id AND d.pair = k.currency_pair
      AND d.pitches <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO calculation_margin_days AS d
    SELECT n.company_id, london_day(n.created_at), n.user_id, n.currency_pair,
           count(*), count(n.margin_bps),
           coalesce(sum(n.margin_ticket_gbp) FILTER (WHERE n.margin_bps IS NOT NULL), 0),
           coalesce(sum(n.margin_bps * n.margin_ticket_gbp), 0), coalesce(sum(n.margin_ticket_gbp), 0),
           count(n.margin_floor_bps),
           coalesce(sum(n.margin_ticket_gbp) FILTER (WHERE n.margin_floor_bps IS NOT NULL), 0),
           coalesce(sum(n.margin_floor_bps * n.margin_ticket_gbp), 0), coalesce(sum(n.margin_gbp_per_year), 0),
           count(*) FILTER (WHERE n.margin_below_floor)
    FROM new_rows n
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, user_id, pair) DO UPDATE SET
      pitches = d.pitches + excluded.pitches, measured = d.measured + excluded.measured,
      measured_ticket_gbp = d.measured_ticket_gbp + excluded.measured_ticket_gbp,
      bps_ticket = d.bps_ticket + excluded.bps_ticket, ticket_gbp = d.ticket_gbp + excluded.ticket_gbp,
      floored = d.floored + excluded.floored, floored_ticket_gbp = d.floored_ticket_gbp + excluded.floored_ticket_gbp,
      floor_ticket = d.floor_ticket + excluded.floor_ticket, gbp_per_year = d.gbp_per_year + excluded.gbp_per_year,
      below_floor = d.below_floor + excluded.below_floor;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER calculations_margin_days_insert AFTER INSERT ON calculations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calculation_margin_days_change();
CREATE TRIGGER calculations_margin_days_delete AFTER DELETE ON calculations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calculation_margin_days_change();
CREATE TRIGGER calculations_margin_days_update AFTER UPDATE ON calculations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION calculation_margin_days_change();

-- A day row's change moves its week by the same amount (a new day row adds to its week, an update adds the
-- difference, a deleted one subtracts what it held — an UPDATE, for the same reason as above).
CREATE FUNCTION calculation_margin_weeks_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO calculation_margin_weeks AS w
    VALUES (NEW.company_id, london_week(NEW.day), NEW.user_id, NEW.pair, NEW.pitches, NEW.measured,
            NEW.measured_ticket_gbp, NEW.bps_ticket, NEW.ticket_gbp, NEW.floored, NEW.floored_ticket_gbp,
            NEW.floor_ticket, NEW.gbp_per_year, NEW.below_floor)
    ON CONFLICT (company_id, week, user_id, pair) DO UPDATE SET
      pitches = w.pitches + excluded.pitches, measured = w.measured + excluded.measured,
      measured_ticket_gbp = w.measured_ticket_gbp + excluded.measured_ticket_gbp,
      bps_ticket = w.bps_ticket + excluded.bps_ticket, ticket_gbp = w.ticket_gbp + excluded.ticket_gbp,
      floored = w.floored + excluded.floored, floored_ticket_gbp = w.floored_ticket_gbp + excluded.floored_ticket_gbp,
      floor_ticket = w.floor_ticket + excluded.floor_ticket, gbp_per_year = w.gbp_per_year + excluded.gbp_per_year,
      below_floor = w.below_floor + excluded.below_floor;
  ELSE
    -- NEW is null for a delete: the week loses all the day held.
    UPDATE calculation_margin_weeks w SET
      pitches = w.pitches + coalesce(NEW.pitches, 0) - OLD.pitches,
      measured = w.measured + coalesce(NEW.measured, 0) - OLD.measured,
      measured_ticket_gbp = w.measured_ticket_gbp + coalesce(NEW.measured_ticket_gbp, 0) - OLD.measured_ticket_gbp,
      bps_ticket = w.bps_ticket + coalesce(NEW.bps_ticket, 0) - OLD.bps_ticket,
      ticket_gbp = w.ticket_gbp + coalesce(NEW.ticket_gbp, 0) - OLD.ticket_gbp,
      floored = w.floored + coalesce(NEW.floored, 0) - OLD.floored,
      floored_ticket_gbp = w.floored_ticket_gbp + coalesce(NEW.floored_ticket_gbp, 0) - OLD.floored_ticket_gbp,
      floor_ticket = w.floor_ticket + coalesce(NEW.floor_ticket, 0) - OLD.floor_ticket,
      gbp_per_year = w.gbp_per_year + coalesce(NEW.gbp_per_year, 0) - OLD.gbp_per_year,
      below_floor = w.below_floor + coalesce(NEW.below_floor, 0) - OLD.below_floor
    WHERE w.company_id = OLD.company_id AND w.week = london_week(OLD.day) AND w.user_id = OLD.user_id
      AND w.pair = OLD.pair;
    DELETE FROM calculation_margin_weeks w
    WHERE w.company_id = OLD.company_id AND w.week = london_week(OLD.day) AND w.user_id = OLD.user_id
      AND w.pair = OLD.pair AND w.pitches <= 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER calculation_margin_days_weeks AFTER INSERT OR UPDATE OR DELETE ON calculation_margin_days
  FOR EACH ROW EXECUTE FUNCTION calculation_margin_weeks_follow();

-- For a bulk load made without triggers (bench/activity.ts inserts under session_replication_role = replica): fills
-- the figures of the company's pitches that have a mid but none yet, then builds the company's days and weeks
-- afresh (the weeks from the days, whether or not the row trigger ran). Also this migration's backfill.
CREATE FUNCTION calculation_margin_rollups_build(p_company uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE calculations c
  SET (margin_ticket_gbp, margin_bps, margin_gbp_per_year, margin_floor_bps, margin_below_floor) = (
    SELECT f.ticket_gbp, f.bps, f.gbp_per_year, f.floor_bps, f.below_floor
    FROM calculation_margin_figures(c.company_id, c.created_at, c.currency_pair, c.calculation_data, c.evidence,
                                    c.gbp_per_unit) f)
  WHERE (p_company IS NULL OR c.company_id = p_company) AND c.margin_ticket_gbp IS NULL
    AND c.evidence -> 'mid' ->> 'rate' IS NOT NULL;
  DELETE FROM calculation_margin_days WHERE p_company IS NULL OR company_id = p_company;
  INSERT INTO calculation_margin_days
  SELECT company_id, london_day(created_at), user_id, currency_pair,
         count(*), count(margin_bps),
         coalesce(sum(margin_ticket_gbp) FILTER (WHERE margin_bps IS NOT NULL), 0),
         coalesce(sum(margin_bps * margin_ticket_gbp), 0), coalesce(sum(margin_ticket_gbp), 0),
         count(margin_floor_bps),
         coalesce(sum(margin_ticket_gbp) FILTER (WHERE margin_floor_bps IS NOT NULL), 0),
         coalesce(sum(margin_floor_bps * margin_ticket_gbp), 0), coalesce(sum(margin_gbp_per_year), 0),
         count(*) FILTER (WHERE margin_below_floor)
  FROM calculations WHERE p_company IS NULL OR company_id = p_company
  GROUP BY 1, 2, 3, 4;
  DELETE FROM calculation_margin_weeks WHERE p_company IS NULL OR company_id = p_company;
  INSERT INTO calculation_margin_weeks
  SELECT company_id, london_week(day), user_id, pair, sum(pitches), sum(measured), sum(measured_ticket_gbp),
         sum(bps_ticket), sum(ticket_gbp), sum(floored), sum(floored_ticket_gbp), sum(floor_ticket),
         sum(gbp_per_year), sum(below_floor)
  FROM calculation_margin_days WHERE p_company IS NULL OR company_id = p_company
  GROUP BY 1, 2, 3, 4;
$$;

SELECT calculation_margin_rollups_build(NULL);

-- A pitch's latest approval request (the CSV's Approval cell), declined ones included; and a company's requests
-- since a day (the card's live states: a request comes after its pitch, so a range's pitches have theirs since).
CREATE INDEX margin_approvals_pitch ON margin_approvals (calculation_id, created_at DESC);
CREATE INDEX margin_approvals_company_time ON margin_approvals (company_id, created_at);

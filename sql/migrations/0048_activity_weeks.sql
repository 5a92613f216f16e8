-- The activity dashboard's sums per London week (issues 24 and 25: `pnpm bench activity`, p50 ≤ 50 ms for every
-- range). The dashboard summed calculation_user_days (migration 0012) over both ranges: a quarter and the quarter
-- before it are ~36,000 broker-days for 200 brokers, and those numeric sums were most of its time. As margin
-- conceded does (migration 0046), the same figures are now also kept per (company, London week, broker), Monday to
-- Sunday, and the dashboard reads a range's whole weeks from here and its loose days from the day rows (a quarter
-- and its previous quarter: ~25 weeks and at most ~24 loose days per broker, instead of 180 days).
--
-- Kept from the day rows by row triggers on calculation_user_days, in the transaction that changes them, so the two
-- cannot drift: whatever writes a day (migration 0035's statement triggers on calculations: an insert adds, a delete
-- subtracts and removes an emptied day) moves its week by the same amount. last_at stays on the day rows (the
-- dashboard's 'last active' reads the newest day).
CREATE TABLE calculation_user_weeks (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- The Monday of the London week (london_week, migration 0046).
  week date NOT NULL CHECK (extract(isodow FROM week) = 1),
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  calculations integer NOT NULL,
  annual_savings numeric(28, 2) NOT NULL,
  pips numeric(24, 1) NOT NULL,
  included integer NOT NULL,
  losses integer NOT NULL,
  excluded integer NOT NULL,
  PRIMARY KEY (company_id, week, user_id)
);

-- A new day row adds to its week; an updated one moves its week by the difference (or, were its keys to change,
-- leaves the old week and joins the new one); a deleted one takes from its week all it held. Taking away is an
-- UPDATE, never an upsert: when a member or company is deleted the cascade may already have removed their week rows,
-- and an upsert would write them again for someone who no longer exists. A week left with no calculation is removed.
CREATE FUNCTION calculation_user_weeks_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.company_id = OLD.company_id AND NEW.user_id = OLD.user_id
     AND london_week(NEW.day) = london_week(OLD.day) THEN
    UPDATE calculation_user_weeks w SET
      calculations = w.calculations + NEW.calculations - OLD.calculations,
      annual_savings = w.annual_savings + NEW.annual_savings - OLD.annual_savings,
      pips = w.pips + NEW.pips - OLD.pips,
      included = w.included + NEW.included - OLD.included,
      losses = w.losses + NEW.losses - OLD.losses,
      excluded = w.excluded + NEW.excluded - OLD.excluded
    WHERE w.company_id = OLD.company_id AND w.week = london_week(OLD.day) AND w.user_id = OLD.user_id;
    DELETE FROM calculation_user_weeks w
    WHERE w.company_id = OLD.company_id AND w.week = london_week(OLD.day) AND w.user_id = OLD.user_id
      AND w.calculations <= 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE calculation_user_weeks w SET
      calculations = w.calculations - OLD.calculations,
      annual_savings = w.annual_savings - OLD.annual_savings,
      pips = w.pips - OLD.pips,
      included = w.included - OLD.included,
      losses = w.losses - OLD.losses,
      excluded = w.excluded - OLD.excluded
    WHERE w.company_id = OLD.company_id AND w.week = london_week(OLD.day) AND w.user_id = OLD.user_id;
    DELETE FROM calculation_user_weeks w
    WHERE w.company_id = OLD.company_id AND w.week = london_week(OLD.day) AND w.user_id = OLD.user_id
      AND w.calculations <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO calculation_user_weeks AS w
      (company_id, week, user_id, calculations, annual_savings, pips, included, losses, excluded)
    VALUES (NEW.company_id, london_week(NEW.day), NEW.user_id, NEW.calculations, NEW.annual_savings, NEW.pips,
            NEW.included, NEW.losses, NEW.excluded)
    ON CONFLICT (company_id, week, user_id) DO UPDATE SET
      calculations = w.calculations + excluded.calculations,
      annual_savings = w.annual_savings + excluded.annual_savings,
      pips = w.pips + excluded.pips,
      included = w.included + excluded.included,
      losses = w.losses + excluded.losses,
      excluded = w.excluded + excluded.excluded;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER calculation_user_days_weeks AFTER INSERT OR DELETE ON calculation_user_days
  FOR EACH ROW EXECUTE FUNCTION calculation_user_weeks_follow();
-- Only an update that moves a figure or a key: the delete trigger's refresh of last_at (migration 0035) leaves the
-- weeks alone.
CREATE TRIGGER calculation_user_days_weeks_update AFTER UPDATE ON calculation_user_days
  FOR EACH ROW WHEN ((OLD.company_id, OLD.user_id, OLD.day, OLD.calculations, OLD.annual_savings, OLD.pips,
                      OLD.included, OLD.losses, OLD.excluded)
                     IS DISTINCT FROM (NEW.company_id, NEW.user_id, NEW.day, NEW.calculations, NEW.annual_savings,
                                       NEW.pips, NEW.included, NEW.losses, NEW.excluded))
  EXECUTE FUNCTION calculation_user_weeks_follow();
-- A TRUNCATE of the day rows (a rebuild: honest-totals.test.ts) fires no row trigger: the weeks go with them.
CREATE FUNCTION calculation_user_weeks_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE calculation_user_weeks;
  RETURN NULL;
END $$;
CREATE TRIGGER calculation_user_days_truncate AFTER TRUNCATE ON calculation_user_days
  FOR EACH STATEMENT EXECUTE FUNCTION calculation_user_weeks_truncate();

-- A company's weeks afresh from its day rows (all companies' for NULL).
CREATE FUNCTION calculation_user_weeks_build(p_company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM calculation_user_weeks WHERE p_company IS NULL OR company_id = p_company;
  INSERT INTO calculation_user_weeks
    (company_id, week, user_id, calculations, annual_savings, pips, included, losses, excluded)
  SELECT company_id, london_week(day), user_id, sum(calculations), sum(annual_savings), sum(pips), sum(included),
         sum(losses), sum(excluded)
  FROM calculation_user_days WHERE p_company IS NULL OR company_id = p_company
  GROUP BY 1, 2, 3;
$$;

-- migration 0035's build (for calculations loaded without triggers: the bench's load under
-- session_replication_role = replica, a rebuild after a TRUNCATE) builds the weeks too, from the days it wrote.
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
  SELECT calculation_user_weeks_build(p_company);
$$;

SELECT calculation_user_weeks_build(NULL);

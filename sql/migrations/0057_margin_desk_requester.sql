-- The broker sees the decision where they asked (issue 32 §3), and hears of nothing else: the margin desk's
-- announcement (0056) now names the request's company and the member who asked, '<company id>:<requested_by>', so
-- each server process tells a company's admins of every change and a broker only of their own requests
-- (services/margin/desk-feed.ts). Still no figures: pages re-read through their scoped procedures.

CREATE OR REPLACE FUNCTION notify_margin_desk() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('margin_desk', NEW.company_id::text || ':' || NEW.requested_by::text);
  RETURN NULL;
END
$$;

-- One story per client (issue 32 §4): the margin card lists the leads whose pitches of the range went below the
-- floor (services/margin/client-lines.ts). Those are a few among a desk's pitches, so they are found through an index
-- of their own rather than by reading the range's every pitch (a quarter of a 200-broker desk is ~125,000).
CREATE INDEX calculations_below_floor ON calculations (company_id, created_at)
  WHERE margin_below_floor AND lead_id IS NOT NULL;

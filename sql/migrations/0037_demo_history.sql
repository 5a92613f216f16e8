-- The demo company's three months of pitches (issue 22 §5) are made once, by whichever worker claims this row
-- first after loading the market data: a second worker, or a later start, finds it and adds nothing.
CREATE TABLE demo_history (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  seeded_at timestamptz NOT NULL DEFAULT now()
);

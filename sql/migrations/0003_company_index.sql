-- The embedded Company Finder index (design.md §2 and §4; spec §2 Company Finder, §5 'Finding similar companies'):
-- real UK employers placed in the ONS SIC 2007 hierarchy, with region, size band and parent links, so "similar" can
-- be ranked in one query. Filled from server/data/companies by loadCompanyIndex on first start; these tables hold
-- reference data only, never tenant data, so the loader may truncate and reload them when the data version changes.

-- Trigram search on names ('Find New Companies' and resolving the client's name).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
-- levenshtein_less_equal, for company_names_match below.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- The ONS hierarchy: section 'J' > division '62' > group '62.0' > class '62.01' > subclass '62.01/2'.
CREATE TABLE sic_hierarchy (
  code text PRIMARY KEY,
  parent_code text REFERENCES sic_hierarchy (code),
  level text NOT NULL CHECK (level IN ('section', 'division', 'group', 'class', 'subclass')),
  name text NOT NULL,
  CHECK ((level = 'section') = (parent_code IS NULL))
);

-- The five-digit codes Companies House uses, each mapped onto the hierarchy once ('62012' → subclass '62.01/2',
-- class '62.01', …). Companies House's own extras (74990 non-trading, 98000 residents' property management,
-- 99999 dormant) have no ONS class and keep every level NULL rather than borrowing a wrong parent.
CREATE TABLE sic_codes (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{5}$'),
  name text NOT NULL,
  subclass_code text REFERENCES sic_hierarchy (code),
  class_code text REFERENCES sic_hierarchy (code),
  group_code text REFERENCES sic_hierarchy (code),
  division_code text REFERENCES sic_hierarchy (code),
  section_code text REFERENCES sic_hierarchy (code)
);

CREATE TABLE company_index (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Companies House number, upper case ('SC016876', '08064685'); NULL for employers without one.
  company_number text UNIQUE,
  name text NOT NULL,
  -- The name the employer reported under, when it has since changed (CurrentName differs).
  previous_name text,
  -- normaliseCompanyName(name) from shared/src/names.ts; '' when the name is only suffixes.
  normalized_name text NOT NULL,
  -- Description of the first SIC code, or 'Public sector' for public bodies without one.
  industry text,
  -- The SIC codes and every level they map to; the arrays make "shares a class/group/division" an && test.
  sic_codes text[] NOT NULL DEFAULT '{}',
  sic_subclasses text[] NOT NULL DEFAULT '{}',
  sic_classes text[] NOT NULL DEFAULT '{}',
  sic_groups text[] NOT NULL DEFAULT '{}',
  sic_divisions text[] NOT NULL DEFAULT '{}',
  sic_sections text[] NOT NULL DEFAULT '{}',
  address text,
  locality text,
  postcode text,
  -- The letters of the outward code ('B', 'EC', 'SW'); region is derived from it.
  postcode_area text,
  region text,
  size_band text,
  -- 1 'Under 250 staff' … 6 '20,000+ staff'; the distance between ranks orders "similar size".
  size_rank smallint CHECK (size_rank BETWEEN 1 AND 6),
  company_type text,
  sector text NOT NULL CHECK (sector IN ('public', 'private')),
  is_subsidiary boolean NOT NULL DEFAULT false,
  parent_name text,
  CHECK (company_number IS NULL OR company_number = upper(company_number))
);
-- fastupdate off: the table is written only by the bulk loader, and a GIN pending list left behind by a load is
-- scanned linearly by every search until a vacuum happens to clear it (several-fold slower queries meanwhile).
CREATE INDEX company_index_name_trgm ON company_index USING gin (normalized_name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX company_index_normalized_name ON company_index (normalized_name);
CREATE INDEX company_index_divisions ON company_index USING gin (sic_divisions) WITH (fastupdate = off);

-- One row: which data version is loaded, so a restart skips a reload of identical files.
CREATE TABLE company_index_meta (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  data_version text NOT NULL,
  company_count integer NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);

-- SQL twin of normalisedNamesMatch in shared/src/names.ts (both arguments already normalised): the finder must
-- exclude matching names inside its single ranking query, before LIMIT and count. Equal; or one contains the other
-- as whole words; or both 4+ characters and within max(2, floor(15% of the shorter)) edits. An empty name matches
-- nothing. fuzzystrmatch refuses strings over 255 characters; such names only match by equality or containment.
-- server/test/companies/name-match-sql.test.ts checks this agrees with the TypeScript rule.
CREATE FUNCTION company_names_match(a text, b text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN a <> '' AND b <> '' AND (
  a = b
  OR strpos(' ' || a || ' ', ' ' || b || ' ') > 0
  OR strpos(' ' || b || ' ', ' ' || a || ' ') > 0
  OR CASE
    WHEN least(length(a), length(b)) < 4 OR greatest(length(a), length(b)) > 255 THEN false
    ELSE levenshtein_less_equal(a, b, greatest(2, least(length(a), length(b)) * 15 / 100))
      <= greatest(2, least(length(a), length(b)) * 15 / 100)
  END
);

-- A company's logo (issue 22 §3): shown on its brokers' shared evidence packs and in their PDFs when uploaded.
-- PNG or JPEG, at most 200 KB, checked by the service from the file's own bytes.
ALTER TABLE companies
  ADD COLUMN logo bytea CHECK (logo IS NULL OR octet_length(logo) <= 204800),
  ADD COLUMN logo_type text CHECK (logo_type IS NULL OR logo_type IN ('image/png', 'image/jpeg')),
  ADD CONSTRAINT companies_logo_pair CHECK ((logo IS NULL) = (logo_type IS NULL));

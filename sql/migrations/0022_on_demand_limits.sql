-- Fairness between tenants (issue 19): an admin's on-demand work is one at a time per company, enforced here so
-- that no request shape (a batch, parallel calls, two servers) can queue a second one while the first is open.
-- Older duplicates, if any, are closed first so the indexes can be built.
UPDATE monthly_reports SET status = 'failed', error = 'Replaced by a newer test report', finished_at = now()
WHERE kind = 'test' AND status = 'pending'
  AND id NOT IN (
    SELECT DISTINCT ON (company_id) id FROM monthly_reports
    WHERE kind = 'test' AND status = 'pending' ORDER BY company_id, created_at DESC
  );
CREATE UNIQUE INDEX monthly_reports_one_test_pending ON monthly_reports (company_id)
  WHERE kind = 'test' AND status = 'pending';

UPDATE export_log SET status = 'failed', error = 'Replaced by a newer export', finished_at = now()
WHERE trigger IN ('manual', 'test') AND status = 'pending'
  AND id NOT IN (
    SELECT DISTINCT ON (company_id, trigger) id FROM export_log
    WHERE trigger IN ('manual', 'test') AND status = 'pending' ORDER BY company_id, trigger, created_at DESC
  );
CREATE UNIQUE INDEX export_log_one_manual_pending ON export_log (company_id)
  WHERE trigger = 'manual' AND status = 'pending';
CREATE UNIQUE INDEX export_log_one_test_pending ON export_log (company_id)
  WHERE trigger = 'test' AND status = 'pending';

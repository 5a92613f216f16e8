-- Member management is logged like seat changes (spec §3 activity_logs, issue 10): a role change
-- ('role_change') and a deactivation or reactivation ('member_status') are entries of their own beside
-- 'seat_change' and 'users_removed'. The entry's user_id is the admin who acted (its description names the
-- member and the change), so it stays when the member is later deleted with their own activity.
ALTER TABLE activity_logs DROP CONSTRAINT activity_logs_action_type_check;
ALTER TABLE activity_logs ADD CONSTRAINT activity_logs_action_type_check
  CHECK (action_type IN ('calculation', 'seat_change', 'users_removed', 'role_change', 'member_status'));

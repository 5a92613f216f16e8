-- Invitations (spec §3 invitations, §9 "Invitation validity"; design.md §3 Invitations).
-- 'expired' is the status of a pending invitation that a newer one for the same address replaced; an invitation
-- whose seven days have run out without that stays 'pending' and is shown as expired (expires_at decides).
ALTER TABLE invitations DROP CONSTRAINT invitations_status_check;
ALTER TABLE invitations
  ADD CONSTRAINT invitations_status_check CHECK (status IN ('pending', 'accepted', 'revoked', 'expired'));

-- When the link was last e-mailed (a resend sends a new link; created_at stays the day of the invitation).
ALTER TABLE invitations ADD COLUMN sent_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE invitations ADD COLUMN revoked_at timestamptz;

-- One pending invitation per address and company: two admins inviting the same person at once meet here.
CREATE UNIQUE INDEX invitations_one_pending ON invitations (company_id, email) WHERE status = 'pending';

-- The seat count reads the pending invitations of a company by role.
CREATE INDEX invitations_pending ON invitations (company_id, role_type, expires_at) WHERE status = 'pending';

/**
 * The one check before anything leaves the desk for a lead (issue 25 §2): a new evidence pack, share link or PDF
 * for a lead whose latest pitch is below the floor in force when it was made needs an approved request for that
 * pitch. A pitch without a mid has no measurable margin and passes; so does a lead never pitched. The lead is named
 * directly or by one of its packs (share links and PDFs are made from a pack).
 */
import { approvalNeededMessage } from '@pippitch/shared/margin-policy';
import type { Database } from '@pippitch/sql';
import { forbidden } from '../../errors';
import { latestPitchOfLead } from './pitch';

export async function requireMarginApproval(
  db: Database,
  target: { companyId: string } & ({ leadId: string } | { packId: string }),
): Promise<void> {
  const leadId =
    'leadId' in target
      ? target.leadId
      : (
          await db
            .selectFrom('evidence_packs')
            .select('lead_id')
            .where('id', '=', target.packId)
            .where('company_id', '=', target.companyId)
            .executeTakeFirst()
        )?.lead_id;
  // An unknown pack is the caller's own 404 to give.
  if (!leadId) return;
  const pitch = await latestPitchOfLead(db, target, leadId);
  if (!pitch?.belowFloor || !pitch.floor) return;
  const approved = await db
    .selectFrom('margin_approvals')
    .select('id')
    .where('calculation_id', '=', pitch.calculationId)
    .where('company_id', '=', target.companyId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (!approved) throw forbidden(approvalNeededMessage(pitch.floor));
}

import type { Database } from '@pippitch/sql';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';
import { insertScoped } from '../scoped-writes';

/**
 * The packs aggregate (`evidence_packs`, with its lead, broker, company and views). A pack is its broker's own, on one
 * of their leads; their company's admins may read it: every query is within the scope's company, and a broker's
 * own where the service says so. One mapping from the joined row to the record's words (packOf).
 */
export interface PackRecord {
  id: string;
  userId: string;
  leadId: string;
  leadName: string;
  brokerFullName: string;
  brokerEmail: string;
  brokerPhone: string | null;
  companyName: string;
  hasLogo: boolean;
  marginBps: number;
  createdAt: Date;
  /** The stored JSON, parsed where it is read (shared/src/pack-record.ts). */
  trades: unknown;
  badRows: unknown;
  totals: unknown;
  share: {
    hasToken: boolean;
    expiresAt: Date | null;
    revokedAt: Date | null;
    firstViewedAt: Date | null;
  };
  views: number;
}

function packSelect(db: Database) {
  return db
    .selectFrom('evidence_packs as p')
    .innerJoin('user_leads as l', 'l.id', 'p.lead_id')
    .innerJoin('user_profiles as u', 'u.id', 'p.user_id')
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .select((eb) => [
      'p.id',
      'p.user_id as userId',
      'p.lead_id as leadId',
      'l.custom_name as leadName',
      'u.full_name as brokerFullName',
      'u.email as brokerEmail',
      'u.phone as brokerPhone',
      'co.name as companyName',
      (e) => e('co.logo', 'is not', null).as('has_logo'),
      'p.margin_bps as marginBps',
      'p.created_at as createdAt',
      'p.trades',
      'p.bad_rows as badRows',
      'p.totals',
      'p.share_token_hash',
      'p.share_expires_at',
      'p.share_revoked_at',
      'p.share_first_viewed_at',
      eb
        .selectFrom('evidence_pack_views as v')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('v.pack_id', '=', 'p.id')
        .as('views'),
    ]);
}

type PackRow = Awaited<ReturnType<ReturnType<typeof packSelect>['executeTakeFirstOrThrow']>>;

/** The one mapping from a pack's joined row: the record's columns are named in packSelect, its share state here. */
function packOf(row: PackRow): PackRecord {
  const { has_logo, share_token_hash, share_expires_at, share_revoked_at, share_first_viewed_at, views, ...r } = row;
  return {
    ...r,
    hasLogo: Boolean(has_logo),
    share: {
      hasToken: share_token_hash !== null,
      expiresAt: share_expires_at,
      revokedAt: share_revoked_at,
      firstViewedAt: share_first_viewed_at,
    },
    views: Number(views ?? 0),
  };
}

/** Saves a pack of the scope's member on their lead (the figures as shared/src/pack-record.ts reads them back). */
export async function insertPack(
  db: Database,
  scope: Scope,
  pack: { leadId: string; marginBps: number; trades: unknown; badRows: unknown; totals: unknown },
): Promise<string> {
  return insertScoped(db, scope, 'evidence_packs', {
    user_id: ownerOf(scope),
    lead_id: pack.leadId,
    margin_bps: pack.marginBps,
    trades: JSON.stringify(pack.trades),
    bad_rows: JSON.stringify(pack.badRows),
    totals: JSON.stringify(pack.totals),
  });
}

/** A pack of the scope's company (`ownOnly`: and of the scope's member), or null. */
export async function findPack(
  db: Database,
  scope: Scope,
  id: string,
  { ownOnly }: { ownOnly: boolean },
): Promise<PackRecord | null> {
  let q = packSelect(db).where('p.id', '=', id).where('p.company_id', '=', scope.companyId);
  if (ownOnly) q = q.where('p.user_id', '=', ownerOf(scope));
  const row = await q.executeTakeFirst();
  return row ? packOf(row) : null;
}

/**
 * The pack behind a share link that opened (share.ts's findShareLink, judged by services/packs/share-link.ts). No
 * scope: the prospect reading it is no member, and the unguessable token, not an id from them, found the pack.
 */
export async function packBehindOpenLink(db: Database, packId: string): Promise<PackRecord> {
  return packOf(await packSelect(db).where('p.id', '=', packId).executeTakeFirstOrThrow());
}

/** A pack as a list shows it: no trades. */
export interface PackSummaryRecord {
  id: string;
  createdAt: Date;
  totals: unknown;
  marginBps: number;
  leadName: string;
}

/**
 * Packs as a list shows them, newest first: the scope's own member's on one of their leads (the lead's page), or
 * one member's within the scope's company, at most `limit` (an admin's team views).
 */
export async function packSummaries(
  db: Database,
  scope: Scope,
  which: { leadId: string } | { userId: string; limit: number },
): Promise<PackSummaryRecord[]> {
  const listed = db
    .selectFrom('evidence_packs as p')
    .innerJoin('user_leads as l', 'l.id', 'p.lead_id')
    .select(['p.id', 'p.created_at', 'p.totals', 'p.margin_bps', 'l.custom_name'])
    .where('p.company_id', '=', scope.companyId)
    .orderBy('p.created_at', 'desc');
  const rows = await ('leadId' in which
    ? listed.where('p.user_id', '=', ownerOf(scope)).where('p.lead_id', '=', which.leadId)
    : listed.where('p.user_id', '=', which.userId).limit(which.limit)
  ).execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    totals: r.totals,
    marginBps: r.margin_bps,
    leadName: r.custom_name,
  }));
}

/** Sets the share columns of the scope's member's own pack; false if it is not theirs. */
async function updateOwnPackShare(
  db: Database,
  scope: Scope,
  id: string,
  share: {
    share_token_hash?: string;
    share_expires_at?: Date;
    share_revoked_at: Date | null;
    share_first_viewed_at?: null;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('evidence_packs')
    .set(share)
    .where('id', '=', id)
    .where('user_id', '=', ownerOf(scope))
    .executeTakeFirst();
  return Boolean(r.numUpdatedRows);
}

/** Gives the scope's member's pack a new share link (any earlier one stops working); false if not theirs. */
export function setPackShare(
  db: Database,
  scope: Scope,
  id: string,
  share: { tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  return updateOwnPackShare(db, scope, id, {
    share_token_hash: share.tokenHash,
    share_expires_at: share.expiresAt,
    share_revoked_at: null,
    share_first_viewed_at: null,
  });
}

/** Withdraws the scope's member's pack's share link; false if not theirs. */
export function revokePackShare(db: Database, scope: Scope, id: string, now: Date): Promise<boolean> {
  return updateOwnPackShare(db, scope, id, { share_revoked_at: now });
}

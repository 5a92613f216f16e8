/**
 * Evidence packs (issue 14 §3). A pack belongs to the broker who made it, on one of their own leads; their company's
 * admins may read it. The prospect reads it through a share link: an unguessable token (only its hash is stored),
 * 30 days unless revoked, every view logged, the broker e-mailed once on the first.
 */

import { isAdminRole } from '@pippitch/shared/access';
import { memberDisplayName } from '@pippitch/shared/names';
import {
  type BadRow,
  PACK_MESSAGES,
  PACK_SHARE_DAYS,
  type PackTotals,
  type PricedTrade,
  packTotals,
} from '@pippitch/shared/pack';
import { packBadRowsRecord, packTotalsRecord, packTradesRecord } from '@pippitch/shared/pack-record';
import type { Brokerage } from '@pippitch/shared/pack-share';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import type { Actor } from '../actor';
import { clientKey, enforce } from '../auth/rate-limit';
import { hashToken, newToken } from '../auth/tokens';
import { enqueueEmailToMember } from '../email/outbox';
import { packViewedEmail } from '../email/templates';
import { packShown, requireApprovalFor, requirePackApproval } from '../margin/gate';
import { draftPack } from './draft';
import { openShareLink } from './share-link';

export interface Pack {
  id: string;
  leadId: string;
  leadName: string;
  brokerName: string;
  /** The company, the broker and how to reach them, as the prospect's page and the PDF name them. */
  brokerage: Brokerage;
  marginBps: number;
  createdAt: string;
  trades: PricedTrade[];
  badRows: BadRow[];
  totals: PackTotals;
  share: { expiresAt: string; firstViewedAt: string | null; views: number } | null;
  /** The viewer made it (an admin reading a broker's pack may not share it). */
  mine: boolean;
}

/** Parses, prices and saves a pack on the broker's own lead. Bad rows come back listed, not saved as trades. */
export async function createPack(
  db: Database,
  actor: Actor,
  input: { leadId: string; csv: string; marginBps: number },
): Promise<Pack> {
  const { leadId, trades, bad } = await draftPack(db, actor, input);
  const totals = packTotals(trades);
  // Judged on its own figures (issue 32): the margin it states on each row it prices, whatever was pitched before.
  await requireApprovalFor(db, actor, { leadId, shown: packShown(trades, input.marginBps, totals.spanDays) });
  const row = await db
    .insertInto('evidence_packs')
    .values({
      user_id: actor.userId,
      company_id: actor.companyId,
      lead_id: leadId,
      margin_bps: input.marginBps,
      // Written in the shapes of shared/src/pack-record.ts, which every read parses with.
      trades: JSON.stringify(trades),
      bad_rows: JSON.stringify(bad),
      totals: JSON.stringify(totals),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await getPack(db, actor, row.id)) as Pack;
}

function packQuery(db: Database) {
  return db
    .selectFrom('evidence_packs as p')
    .innerJoin('user_leads as l', 'l.id', 'p.lead_id')
    .innerJoin('user_profiles as u', 'u.id', 'p.user_id')
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .select((eb) => [
      'p.id',
      'p.user_id',
      'p.lead_id',
      'l.custom_name',
      'u.full_name',
      'u.email',
      'u.phone',
      'co.name as company_name',
      (e) => e('co.logo', 'is not', null).as('has_logo'),
      'p.margin_bps',
      'p.created_at',
      'p.trades',
      'p.bad_rows',
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

type PackRow = Awaited<ReturnType<ReturnType<typeof packQuery>['executeTakeFirstOrThrow']>>;

function toPack(r: PackRow, now: Date, viewerId: string | null): Pack {
  const brokerName = memberDisplayName({ fullName: r.full_name, email: r.email });
  const live = r.share_token_hash && !r.share_revoked_at && r.share_expires_at && r.share_expires_at > now;
  return {
    id: r.id,
    leadId: r.lead_id,
    leadName: r.custom_name,
    brokerName,
    brokerage: {
      companyName: r.company_name,
      brokerName,
      brokerEmail: r.email,
      brokerPhone: r.phone,
      hasLogo: Boolean(r.has_logo),
    },
    marginBps: r.margin_bps,
    createdAt: r.created_at.toISOString(),
    trades: packTradesRecord.parse(r.trades),
    badRows: packBadRowsRecord.parse(r.bad_rows),
    totals: packTotalsRecord.parse(r.totals),
    share: live
      ? {
          expiresAt: (r.share_expires_at as Date).toISOString(),
          firstViewedAt: r.share_first_viewed_at?.toISOString() ?? null,
          views: Number(r.views ?? 0),
        }
      : null,
    mine: r.user_id === viewerId,
  };
}

/** A pack its broker, or an admin of the broker's company, may read; null for anyone else. */
export async function getPack(db: Database, actor: Actor, id: string, now = new Date()): Promise<Pack | null> {
  let q = packQuery(db).where('p.id', '=', id).where('p.company_id', '=', actor.companyId);
  if (!isAdminRole(actor.role)) q = q.where('p.user_id', '=', actor.userId);
  const row = await q.executeTakeFirst();
  return row ? toPack(row, now, actor.userId) : null;
}

/** The broker's packs on one of their leads, newest first (summaries: no trades). */
export async function packsForLead(db: Database, actor: Pick<Actor, 'userId'>, leadId: string) {
  const rows = await db
    .selectFrom('evidence_packs')
    .select(['id', 'created_at', 'totals', 'margin_bps'])
    .where('user_id', '=', actor.userId)
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at.toISOString(),
    marginBps: r.margin_bps,
    totals: packTotalsRecord.parse(r.totals),
  }));
}

/** A member's packs for their company's admins (team views), newest first (summaries: no trades). */
export async function packsOfMember(db: Database, actor: Pick<Actor, 'companyId'>, userId: string) {
  const rows = await db
    .selectFrom('evidence_packs as p')
    .innerJoin('user_leads as l', 'l.id', 'p.lead_id')
    .select(['p.id', 'p.created_at', 'p.totals', 'l.custom_name'])
    .where('p.user_id', '=', userId)
    .where('p.company_id', '=', actor.companyId)
    .orderBy('p.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    leadName: r.custom_name,
    createdAt: r.created_at.toISOString(),
    totals: packTotalsRecord.parse(r.totals),
  }));
}

/** A new share link for the broker's own pack (any earlier link stops working). The token is shown once. */
export async function sharePack(db: Database, actor: Actor, id: string, now: Date) {
  await requirePackApproval(db, actor, id);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PACK_SHARE_DAYS * 86_400_000);
  const r = await db
    .updateTable('evidence_packs')
    .set({
      share_token_hash: hashToken(token),
      share_expires_at: expiresAt,
      share_revoked_at: null,
      share_first_viewed_at: null,
    })
    .where('id', '=', id)
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  if (!r.numUpdatedRows) throw notFound(PACK_MESSAGES.notFound);
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function revokeShare(db: Database, actor: Pick<Actor, 'userId'>, id: string, now: Date) {
  const r = await db
    .updateTable('evidence_packs')
    .set({ share_revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  if (!r.numUpdatedRows) throw notFound(PACK_MESSAGES.notFound);
}

/**
 * The prospect's read-only view: the pack only (no ids, no other data), or a 404 once the link has expired, been
 * revoked or lost its broker's access (share-link.ts). Logs the view; the first view e-mails the broker, exactly
 * once however many views arrive together.
 */
export async function viewSharedPack(
  db: Database,
  input: { token: string; ip: string; userAgent: string | undefined; packUrl: (id: string) => string },
  now: Date,
) {
  // A public page behind a guessable-looking URL: guesses are limited per client (a prospect rereading is not).
  await enforce(db, [{ key: `pack-share:client:${clientKey(input.ip)}`, max: 120, windowSeconds: 3600 }]);
  return db.transaction().execute(async (trx) => {
    const link = await openShareLink(trx, input.token, now);
    if (!link.open) throw notFound(link.message);
    const row = await packQuery(trx).where('p.id', '=', link.packId).executeTakeFirstOrThrow();
    // One row per visitor and London day, however often the page is reloaded (the visitor as a hash only).
    const userAgent = input.userAgent?.slice(0, 300) ?? null;
    await trx
      .insertInto('evidence_pack_views')
      .values({
        pack_id: row.id,
        viewed_at: now,
        user_agent: userAgent,
        visitor_hash: hashToken(`${row.id}|${clientKey(input.ip)}|${userAgent ?? ''}`),
        view_day: londonDateOf(now),
      })
      .onConflict((oc) => oc.columns(['pack_id', 'visitor_hash', 'view_day']).doNothing())
      .execute();
    const first = await trx
      .updateTable('evidence_packs')
      .set({ share_first_viewed_at: now })
      .where('id', '=', row.id)
      .where('share_first_viewed_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (first) {
      await enqueueEmailToMember(trx, first.user_id, {
        template: 'pack_viewed',
        email: packViewedEmail({ leadName: row.custom_name, packUrl: input.packUrl(row.id) }),
      });
    }
    const pack = toPack(row, now, null);
    // The prospect's view: no broker-side detail (the rows left out of the upload stay on the broker's page).
    return {
      leadName: pack.leadName,
      brokerName: pack.brokerName,
      brokerage: pack.brokerage,
      marginBps: pack.marginBps,
      createdAt: pack.createdAt,
      trades: pack.trades,
      totals: pack.totals,
      expiresAt: pack.share?.expiresAt ?? null,
    };
  });
}

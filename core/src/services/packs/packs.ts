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
import {
  findPack,
  insertPack,
  type PackRecord,
  packBehindOpenLink,
  packSummaries,
  revokePackShare,
  setPackShare,
} from '../../queries/packs/packs';
import { markFirstPackView, recordPackView } from '../../queries/packs/share';
import { scopeOf } from '../../queries/scope';
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
  // Written in the shapes of shared/src/pack-record.ts, which every read parses with.
  const id = await insertPack(db, scopeOf(actor), { leadId, marginBps: input.marginBps, trades, badRows: bad, totals });
  return (await getPack(db, actor, id)) as Pack;
}

function toPack(r: PackRecord, now: Date, viewerId: string | null): Pack {
  const brokerName = memberDisplayName({ fullName: r.brokerFullName, email: r.brokerEmail });
  const { share } = r;
  const live = share.hasToken && !share.revokedAt && share.expiresAt && share.expiresAt > now;
  return {
    id: r.id,
    leadId: r.leadId,
    leadName: r.leadName,
    brokerName,
    brokerage: {
      companyName: r.companyName,
      brokerName,
      brokerEmail: r.brokerEmail,
      brokerPhone: r.brokerPhone,
      hasLogo: r.hasLogo,
    },
    marginBps: r.marginBps,
    createdAt: r.createdAt.toISOString(),
    trades: packTradesRecord.parse(r.trades),
    badRows: packBadRowsRecord.parse(r.badRows),
    totals: packTotalsRecord.parse(r.totals),
    share: live
      ? {
          expiresAt: (share.expiresAt as Date).toISOString(),
          firstViewedAt: share.firstViewedAt?.toISOString() ?? null,
          views: r.views,
        }
      : null,
    mine: r.userId === viewerId,
  };
}

/** A pack its broker, or an admin of the broker's company, may read; null for anyone else. */
export async function getPack(db: Database, actor: Actor, id: string, now = new Date()): Promise<Pack | null> {
  const row = await findPack(db, scopeOf(actor), id, { ownOnly: !isAdminRole(actor.role) });
  return row ? toPack(row, now, actor.userId) : null;
}

/** The broker's packs on one of their leads, newest first (summaries: no trades). */
export async function packsForLead(db: Database, actor: Actor, leadId: string) {
  const rows = await packSummaries(db, scopeOf(actor), { leadId });
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    marginBps: r.marginBps,
    totals: packTotalsRecord.parse(r.totals),
  }));
}

/** A member's packs for their company's admins (team views), newest first (summaries: no trades). */
export async function packsOfMember(db: Database, actor: Actor, userId: string) {
  const rows = await packSummaries(db, scopeOf(actor), { userId, limit: 200 });
  return rows.map((r) => ({
    id: r.id,
    leadName: r.leadName,
    createdAt: r.createdAt.toISOString(),
    totals: packTotalsRecord.parse(r.totals),
  }));
}

/** A new share link for the broker's own pack (any earlier link stops working). The token is shown once. */
export async function sharePack(db: Database, actor: Actor, id: string, now: Date) {
  await requirePackApproval(db, actor, id);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PACK_SHARE_DAYS * 86_400_000);
  const shared = await setPackShare(db, scopeOf(actor), id, { tokenHash: hashToken(token), expiresAt });
  if (!shared) throw notFound(PACK_MESSAGES.notFound);
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function revokeShare(db: Database, actor: Actor, id: string, now: Date) {
  if (!(await revokePackShare(db, scopeOf(actor), id, now))) throw notFound(PACK_MESSAGES.notFound);
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
    const row = await packBehindOpenLink(trx, link.packId);
    // One row per visitor and London day, however often the page is reloaded (the visitor as a hash only).
    const userAgent = input.userAgent?.slice(0, 300) ?? null;
    await recordPackView(trx, row.id, {
      at: now,
      userAgent,
      visitorHash: hashToken(`${row.id}|${clientKey(input.ip)}|${userAgent ?? ''}`),
      day: londonDateOf(now),
    });
    const broker = await markFirstPackView(trx, row.id, now);
    if (broker) {
      await enqueueEmailToMember(trx, broker, {
        template: 'pack_viewed',
        email: packViewedEmail({ leadName: row.leadName, packUrl: input.packUrl(row.id) }),
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

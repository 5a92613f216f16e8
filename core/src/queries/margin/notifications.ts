import type { Database } from '@pippitch/sql';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';

/** What a member is told in the app (`notifications`): only ever the scope's member's own. */
export interface NotificationRecord {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

/** The one mapping from a notification's row. */
function notificationOf(r: {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}): NotificationRecord {
  const { id, kind, title, body, link } = r;
  return { id, kind, title, body, link, createdAt: r.created_at, readAt: r.read_at };
}

/** The member's newest notifications. */
export async function listNotificationRecords(
  db: Database,
  scope: Scope,
  limit: number,
): Promise<NotificationRecord[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', ownerOf(scope))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(notificationOf);
}

/** Marks every unread notification of the member read; returns how many. */
export async function markNotificationRecordsRead(db: Database, scope: Scope, now: Date): Promise<number> {
  const r = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', ownerOf(scope))
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Tells a member of the scope's company something (the caller read `userId` from a row of that company). */
export async function insertNotification(
  db: Database,
  scope: Scope,
  notice: { userId: string; kind: string; title: string; body: string; link: string | null },
): Promise<void> {
  const { userId, kind, title, body, link } = notice;
  await db
    .insertInto('notifications')
    .values({ user_id: userId, company_id: scope.companyId, kind, title, body, link })
    .execute();
}

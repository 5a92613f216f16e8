/** What a member is told in the app (issue 25 §2: decisions on their requests), newest first, and marking it read. */
import type { Database } from '@pippitch/sql';
import type { Actor } from '../actor';

export interface Notification {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

export async function listNotifications(db: Database, actor: Pick<Actor, 'userId'>): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', actor.userId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.created_at.toISOString(),
    read: r.read_at !== null,
  }));
}

/** Marks every unread notification of the member read (the list was seen); returns how many. */
export async function markNotificationsRead(db: Database, actor: Pick<Actor, 'userId'>, now: Date): Promise<number> {
  const r = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', actor.userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

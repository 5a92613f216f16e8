/** What a member is told in the app (issue 25 §2: decisions on their requests), newest first, and marking it read. */
import type { Database } from '@pippitch/sql';
import { listNotificationRecords, markNotificationRecordsRead } from '../../queries/margin/notifications';
import { scopeOf } from '../../queries/scope';
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

export async function listNotifications(db: Database, actor: Actor): Promise<Notification[]> {
  const records = await listNotificationRecords(db, scopeOf(actor), 50);
  return records.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
  }));
}

/** Marks every unread notification of the member read (the list was seen); returns how many. */
export async function markNotificationsRead(db: Database, actor: Actor, { now }: { now: Date }): Promise<number> {
  return markNotificationRecordsRead(db, scopeOf(actor), now);
}

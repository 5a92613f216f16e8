import type { Database } from '@pippitch/sql';
import { alertSettingsRecord, saveAlertSettings } from '../../queries/alerts/digest';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { endUnsubscribeTokens } from './digest';

export interface AlertSettings {
  thresholdPct: number;
  digest: boolean;
}

/** The signed-in broker's own re-pricing threshold and digest choice. */
export async function alertSettings(db: Database, actor: Actor): Promise<AlertSettings> {
  const row = await alertSettingsRecord(db, scopeOf(actor));
  return { thresholdPct: row.thresholdPct, digest: row.digestUnsubscribedAt === null };
}

export async function setAlertSettings(
  db: Database,
  actor: Actor,
  input: AlertSettings,
  now: Date,
): Promise<AlertSettings> {
  await saveAlertSettings(db, scopeOf(actor), { ...input, now });
  // Turned off here, the links of earlier digests end as they do when one is used: subscribing again never
  // brings an old e-mail's link back to life; only a newer digest's link works.
  if (!input.digest) await endUnsubscribeTokens(db, actor.userId);
  return alertSettings(db, actor);
}

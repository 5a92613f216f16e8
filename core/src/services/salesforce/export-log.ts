/** The export log (design.md §2 CRM): every export's outcome, listed on the settings page and downloadable as CSV. */
import type { ExportStatus } from '@pippitch/shared/salesforce';
import { EXPORT_STATUS_LABELS } from '@pippitch/shared/salesforce';
import { formatLondonDateTime } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { csvCell, csvLine } from '../activity/export-csv';
import type { Actor } from '../actor';

export interface ExportLogEntry {
  id: string;
  createdAt: Date;
  finishedAt: Date | null;
  trigger: 'manual' | 'scheduled' | 'test';
  requestedBy: string | null;
  periodStart: string;
  periodEnd: string;
  members: number;
  destination: 'pending' | 'salesforce' | 'log';
  status: ExportStatus;
  posts: number;
  error: string | null;
}

const LOG_LIMIT = 20;

function logQuery(db: Database, companyId: string) {
  return db
    .selectFrom('export_log as e')
    .leftJoin('user_profiles as u', 'u.id', 'e.requested_by')
    .select([
      'e.id',
      'e.created_at',
      'e.finished_at',
      'e.trigger',
      'u.full_name',
      'e.period_start',
      'e.period_end',
      'e.user_ids',
      'e.destination',
      'e.status',
      'e.posts',
      'e.salesforce_ids',
      'e.error',
    ])
    .where('e.company_id', '=', companyId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc');
}

type LogRow = Awaited<ReturnType<ReturnType<typeof logQuery>['execute']>>[number];

function entryOf(r: LogRow): ExportLogEntry {
  return {
    id: r.id,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    trigger: r.trigger as ExportLogEntry['trigger'],
    requestedBy: r.full_name,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    members: r.user_ids.length,
    destination: r.destination as ExportLogEntry['destination'],
    status: r.status as ExportStatus,
    posts: r.posts.length,
    error: r.error,
  };
}

/** The latest exports, newest first. */
export async function recentExports(db: Database, actor: Pick<Actor, 'companyId'>): Promise<ExportLogEntry[]> {
  const rows = await logQuery(db, actor.companyId).limit(LOG_LIMIT).execute();
  return rows.map(entryOf);
}

const HEADER = [
  'Created (London)',
  'Finished (London)',
  'Trigger',
  'Requested By',
  'Period Start',
  'Period End',
  'Members',
  'Destination',
  'Status',
  'Salesforce IDs',
  'Error',
  'Text',
];

/** The whole log as CSV, with each export's text as sent (or as it would have been sent). */
export async function* exportLogCsv(db: Database, actor: Pick<Actor, 'companyId'>): AsyncGenerator<string> {
  yield csvLine(HEADER.map((h) => csvCell(h)));
  // Exports are a handful a week per company: one read suffices.
  for (const r of await logQuery(db, actor.companyId).execute()) {
    const e = entryOf(r);
    yield csvLine([
      csvCell(formatLondonDateTime(e.createdAt)),
      csvCell(e.finishedAt ? formatLondonDateTime(e.finishedAt) : ''),
      csvCell(e.trigger),
      csvCell(e.requestedBy ?? (e.trigger === 'scheduled' ? 'Schedule' : '')),
      csvCell(e.periodStart),
      csvCell(e.periodEnd),
      csvCell(e.members, 'number'),
      csvCell(e.destination),
      csvCell(EXPORT_STATUS_LABELS[e.status]),
      csvCell(r.salesforce_ids.join(' ')),
      csvCell(e.error ?? ''),
      csvCell(r.posts.join('\n\n')),
    ]);
  }
}

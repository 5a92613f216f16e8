/** The export log (design.md §2 CRM): every export's outcome, listed on the settings page and downloadable as CSV. */
import type { ExportStatus } from '@pippitch/shared/salesforce';
import { EXPORT_STATUS_LABELS } from '@pippitch/shared/salesforce';
import { formatLondonDateTime } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { exportRecords } from '../../queries/crm/exports';
import { scopeOf } from '../../queries/scope';
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

type LogRecord = Awaited<ReturnType<typeof exportRecords>>[number];

function entryOf(r: LogRecord): ExportLogEntry {
  return {
    id: r.id,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    trigger: r.trigger as ExportLogEntry['trigger'],
    requestedBy: r.requestedByName,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    members: r.userIds.length,
    destination: r.destination as ExportLogEntry['destination'],
    status: r.status as ExportStatus,
    posts: r.posts.length,
    error: r.error,
  };
}

/** The latest exports, newest first. */
export async function recentExports(db: Database, actor: Actor): Promise<ExportLogEntry[]> {
  const rows = await exportRecords(db, scopeOf(actor), LOG_LIMIT);
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
export async function* exportLogCsv(db: Database, actor: Actor): AsyncGenerator<string> {
  yield csvLine(HEADER.map((h) => csvCell(h)));
  // Exports are a handful a week per company: one read suffices.
  for (const r of await exportRecords(db, scopeOf(actor))) {
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
      csvCell(r.salesforceIds.join(' ')),
      csvCell(e.error ?? ''),
      csvCell(r.posts.join('\n\n')),
    ]);
  }
}

import { csvCell, csvLine } from '@pippitch/core/activity';
import { actorOf } from '@pippitch/core/actor';
import { clientMarginLines } from '@pippitch/core/margin';
import { DASHBOARD_RANGES, dashboardPeriods } from '@pippitch/shared/activity-periods';
import {
  clientApprovedText,
  clientPacksText,
  clientPitchesText,
  MARGIN_CLIENTS_CSV_PATH,
} from '@pippitch/shared/margin-clients';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerDeps } from '../../deps';
import { adminCsv, refused } from './admin-download';

export const MARGIN_CLIENTS_CSV_HEADER = [
  'Client',
  'Broker',
  'Approved Margin',
  'Waiting',
  'Pitches Below Floor',
  'Approved',
  'Pending',
  'Declined',
  'Not Asked',
  'Lowest Pitch (bps)',
  'Packs',
  'Pack Margins (bps)',
  'Summary',
] as const;

const query = z.object({
  range: z.enum(DASHBOARD_RANGES, {
    message: 'Choose the dashboard’s range: today, the last 7 days, the last month or the last quarter.',
  }),
});

/**
 * The margin card's CSV (issue 32 §4): one line per client below the floor in the dashboard's range — its approved
 * margin, what waits, and the pitches and packs under it, with the card's words in 'Summary' — behind the admins'
 * download gate, of the caller's company only. A handful of lines: built whole, not streamed.
 */
export function registerMarginClientsExport(
  app: FastifyInstance,
  ctx: { db: Database; deps: Pick<ServerDeps, 'now' | 'sessionCache'> },
) {
  adminCsv(app, MARGIN_CLIENTS_CSV_PATH, ctx.deps, async (viewer, now, req, reply) => {
    const parsed = query.safeParse(req.query);
    if (!parsed.success) return refused(reply, 400, parsed.error.issues[0]?.message ?? 'Choose a range.');
    const span = dashboardPeriods(parsed.data.range, londonDateOf(now)).current;
    const lines = await clientMarginLines(ctx.db, actorOf(viewer), span);
    let body = `\uFEFF${csvLine(MARGIN_CLIENTS_CSV_HEADER.map((h) => csvCell(h)))}`; // BOM: Excel reads UTF-8 (£)
    for (const l of lines) {
      body += csvLine([
        csvCell(l.clientName),
        csvCell(l.broker),
        csvCell(l.approved.map((a) => `${a.floorLabel} at ${a.marginBps} bps`).join('; ')),
        csvCell(l.waiting, 'number'),
        csvCell(l.pitches.belowFloor, 'number'),
        csvCell(l.pitches.approved, 'number'),
        csvCell(l.pitches.pending, 'number'),
        csvCell(l.pitches.declined, 'number'),
        csvCell(l.pitches.notAsked, 'number'),
        csvCell(l.lowestPitchBps, 'number'),
        csvCell(l.packMarginsBps.length, 'number'),
        csvCell(l.packMarginsBps.join('; ')),
        csvCell(`${clientApprovedText(l)} · ${clientPitchesText(l)} · ${clientPacksText(l)}`),
      ]);
    }
    return { name: `pippitch-margin-per-client-${span.start}-to-${span.end}.csv`, body };
  });
}

/**
 * An evidence pack as a PDF (issue 14 §3): the prospect, the totals, every trade with the mid it was measured
 * against and where that price came from, the rows left out and why, and the method.
 */
import { formatGBP, formatRate } from '@pippitch/shared/format';
import { type PricedTrade, packMethod, simulatedTradesNote, tradeSourceText } from '@pippitch/shared/pack';
import { pairLabel } from '@pippitch/shared/pairs';
import { formatIsoDate, formatLondonDateTime } from '@pippitch/shared/time';
import {
  BRAND,
  type Column,
  figureBoxes,
  landscapeDocument,
  MARGIN,
  MUTED,
  numberPages,
  ROW,
  tableDrawer,
} from '../pdf/document';
import type { Pack } from './packs';

const money = (v: string | null) => (v === null ? '—' : formatGBP(v));

const COLUMNS: Column<PricedTrade>[] = [
  { title: 'Date', width: 58, value: (t) => formatIsoDate(t.date) },
  { title: 'Time', width: 36, value: (t) => t.time },
  { title: 'Pair', width: 44, value: (t) => pairLabel(t.pair) },
  { title: 'Side', width: 28, value: (t) => t.direction },
  { title: 'Amount', width: 64, align: 'right', value: (t) => Number(t.amount).toLocaleString('en-GB') },
  { title: 'Their rate', width: 54, align: 'right', value: (t) => formatRate(t.rate) },
  { title: 'Mid', width: 54, align: 'right', value: (t) => (t.mid ? formatRate(t.mid.rate) : '—') },
  { title: 'Markup', width: 54, align: 'right', value: (t) => (t.markupBps === null ? '—' : `${t.markupBps} bps`) },
  { title: 'Markup £', width: 66, align: 'right', value: (t) => money(t.markupGbp) },
  { title: 'With us £', width: 60, align: 'right', value: (t) => money(t.ourCostGbp) },
  { title: 'Saving £', width: 66, align: 'right', value: (t) => money(t.savingGbp) },
  { title: 'Price source / note (times London)', width: 186, value: (t) => tradeSourceText(t) },
];

export function renderPackPdf(pack: Pack, generatedAt: Date): Promise<Buffer> {
  const { doc, done, width } = landscapeDocument({
    Title: `PipPitch evidence pack — ${pack.leadName}`,
    CreationDate: generatedAt,
  });
  const t = pack.totals;
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(10).text('PipPitch', MARGIN, MARGIN);
  doc.fillColor('#0f172a').fontSize(18).text(`Evidence pack: ${pack.leadName}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `${t.trades} trades from ${formatIsoDate(t.from)} to ${formatIsoDate(t.to)} · prepared by ${pack.brokerName} · our margin ${pack.marginBps} bps · generated ${formatLondonDateTime(generatedAt)} (London)`,
    );
  doc.moveDown(0.8);
  figureBoxes(doc, width, [
    ['Trades priced', `${t.priced} of ${t.trades}`],
    ['Average markup', `${t.averageMarkupBps} bps`],
    ['Markup paid', formatGBP(t.markupGbp)],
    ['Saving with us', formatGBP(t.savingGbp)],
    [`A year (from ${t.spanDays} days)`, formatGBP(t.annualisedSavingGbp)],
  ]);
  const simulated = simulatedTradesNote(pack.trades);
  if (simulated) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#92400e').text(simulated, MARGIN, doc.y, { width });
    doc.moveDown(0.6);
  }

  const table = tableDrawer(doc, COLUMNS, width);
  table.header();
  pack.trades.forEach(table.row);

  if (pack.badRows.length) {
    table.ensureRoom(ROW * 4, false);
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text('Rows left out', MARGIN, doc.y);
    doc.font('Helvetica').fontSize(8.5).fillColor('#0f172a').moveDown(0.3);
    for (const row of pack.badRows) doc.text(`• Line ${row.line}: ${row.reason} — “${row.text}”`, { width });
  }
  table.ensureRoom(ROW * 8, false);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text('Method and sources', MARGIN, doc.y);
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).moveDown(0.3);
  for (const line of packMethod(pack.marginBps)) doc.text(line, { width }).moveDown(0.2);

  numberPages(doc, width, `PipPitch · evidence pack · ${pack.leadName}`);
  doc.end();
  return done;
}

/**
 * An evidence pack as a PDF (issue 14 §3): the prospect, the totals, every trade with the mid it was measured
 * against and where that price came from, and the method; the brokerage and the broker's contact on top. It is the
 * prospect's document: the rows left out of the upload stay on the broker's page.
 */
import { formatGBP, formatPairRate } from '@pippitch/shared/format';
import { formatBaseAmount } from '@pippitch/shared/money';
import { type PricedTrade, packFigures, packMethod, simulatedTradesNote, tradeSourceText } from '@pippitch/shared/pack';
import type { Brokerage } from '@pippitch/shared/pack-share';
import { pairLabel } from '@pippitch/shared/pairs';
import { formatIsoDate, formatLondonDateTime } from '@pippitch/shared/time';
import { BRAND, type Column, closingHeading, drawPdf, figureBoxes, MARGIN, MUTED, tableDrawer } from '../pdf/document';
import { drawScatter } from '../pdf/scatter';
import type { Pack } from './packs';

/** 'Prepared by Alice Broker · alice@… · +44 20 …' */
export function brokerContactLine(b: Brokerage): string {
  return [`Prepared by ${b.brokerName}`, b.brokerEmail, b.brokerPhone].filter(Boolean).join(' · ');
}

const money = (v: string | null) => (v === null ? '—' : formatGBP(v));

const COLUMNS: Column<PricedTrade>[] = [
  { title: 'Date', width: 58, value: (t) => formatIsoDate(t.date) },
  { title: 'Time', width: 36, value: (t) => t.time },
  { title: 'Pair', width: 44, value: (t) => pairLabel(t.pair) },
  { title: 'Side', width: 28, value: (t) => t.direction },
  { title: 'Amount', width: 64, align: 'right', value: (t) => formatBaseAmount(t.amount, t.pair) },
  { title: 'Their rate', width: 54, align: 'right', value: (t) => formatPairRate(t.rate, t.pair) },
  { title: 'Mid', width: 54, align: 'right', value: (t) => (t.mid ? formatPairRate(t.mid.rate, t.pair) : '—') },
  { title: 'Markup', width: 54, align: 'right', value: (t) => (t.markupBps === null ? '—' : `${t.markupBps} bps`) },
  { title: 'Markup £', width: 66, align: 'right', value: (t) => money(t.markupGbp) },
  { title: 'With us £', width: 60, align: 'right', value: (t) => money(t.ourCostGbp) },
  { title: 'Saving £', width: 66, align: 'right', value: (t) => money(t.savingGbp) },
  { title: 'Price source / note (times London)', width: 186, value: (t) => tradeSourceText(t) },
];

export function renderPackPdf(pack: Pack, generatedAt: Date, logo: { bytes: Buffer } | null = null): Promise<Buffer> {
  const t = pack.totals;
  // The brokerage first: the prospect reads who prepared this and how to reach them (issue 22 §3).
  const b = pack.brokerage;
  const info = { Title: `PipPitch evidence pack — ${pack.leadName}`, CreationDate: generatedAt };
  const footer = `${b.companyName} · evidence pack for ${pack.leadName} · made with PipPitch`;
  return drawPdf(info, footer, (doc, width) => {
    let top = MARGIN;
    if (logo) {
      // The company's own logo above its name, at most 160 × 40 pt.
      doc.image(logo.bytes, MARGIN, MARGIN, { fit: [160, 40] });
      top = MARGIN + 46;
    }
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(12).text(b.companyName, MARGIN, top);
    doc.font('Helvetica').fontSize(9).fillColor('#0f172a').text(brokerContactLine(b));
    doc.moveDown(0.4);
    doc
      .fillColor('#0f172a')
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(`Your FX costs, trade by trade: ${pack.leadName}`);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `${t.trades} trades from ${formatIsoDate(t.from)} to ${formatIsoDate(t.to)} · our margin ${pack.marginBps} bps · generated ${formatLondonDateTime(generatedAt)} (London)`,
      );
    doc.moveDown(0.8);
    figureBoxes(doc, width, packFigures(t));
    const simulated = simulatedTradesNote(pack.trades);
    if (simulated) {
      doc.font('Helvetica-Bold').fontSize(9).fillColor('#92400e').text(simulated, MARGIN, doc.y, { width });
      doc.moveDown(0.6);
    }

    markupChart(doc, width, pack);

    const table = tableDrawer(doc, COLUMNS, width);
    table.header();
    pack.trades.forEach(table.row);

    // Rows left out of the upload are the broker's to fix: on the broker's page, never in the prospect's PDF.
    closingHeading(doc, table, 'Method and sources');
    doc.fillColor(MUTED);
    for (const line of packMethod(
      pack.marginBps,
      pack.trades.map((t) => t.pair),
    ))
      doc.text(line, { width }).moveDown(0.2);
  });
}

const CHART_HEIGHT = 150;

/** The page's chart (issue 31 §6): each priced trade's markup in bps of the mid over time, or why there is none. */
function markupChart(doc: PDFKit.PDFDocument, width: number, pack: Pack): void {
  const points = pack.trades
    .filter((trade) => trade.markupBps !== null)
    .map((trade) => [Date.parse(trade.at), Number(trade.markupBps)] as [number, number]);
  if (doc.y + CHART_HEIGHT + 40 > doc.page.height - MARGIN - 20) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#0f172a').text('Markup per trade (bps of the mid)', MARGIN, doc.y);
  doc.moveDown(0.6);
  if (points.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('No trade had a price to measure against.', MARGIN, doc.y);
  } else {
    drawScatter(doc, { x: MARGIN, y: doc.y, width, height: CHART_HEIGHT }, points);
  }
  doc.x = MARGIN;
  doc.moveDown(0.8);
}

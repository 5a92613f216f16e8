/**
 * The monthly client report as a PDF, drawn on the server with pdfkit (pure JavaScript, the standard Helvetica
 * fonts, nothing to install): A4 landscape, the company and period, the totals, each broker's clients in a table
 * that continues across pages with its header repeated, the data sources and the method, page numbers.
 */
import { calculationMethodFor, ECB_SOURCE_NOTE } from '@pippitch/shared/evidence';
import { formatGBP, formatPairRate } from '@pippitch/shared/format';
import { type ConcededWordsFigures, concededText, pitchesText } from '@pippitch/shared/margin-conceded-words';
import { formatBought, formatSold, GBP_TOTALS_NOTE } from '@pippitch/shared/money';
import { type CurrencyPair, isCurrencyPair, pairLabel } from '@pippitch/shared/pairs';
import { formatIsoDate, formatLondonDate, formatLondonDateTime } from '@pippitch/shared/time';
import { STANDING_NOTES } from '@pippitch/shared/totals';
import {
  BRAND,
  type Column,
  closingHeading,
  drawPdf,
  figureBoxes,
  MARGIN,
  MUTED,
  ROW,
  sizeColumns,
  tableDrawer,
} from '../pdf/document';
import type { ReportBroker, ReportData } from './report-data';

/**
 * The report's method paragraph: the calculator's own method for the pairs pitched (each pair's pip, as every
 * calculation's record states it: calculationMethodFor), then what only this report's columns need explained.
 */
function reportMethod(pairs: readonly CurrencyPair[]): string {
  return [
    `Method: ${calculationMethodFor(pairs)}`,
    'A margin in pips is shown as “+20” after the broker’s rate; costs and savings are in the currency the client sells.',
    'The live rate is shown for reference and does not enter the figures; its source for each calculation is listed above.',
    '“Mid used” is the mid the server recorded with the calculation (its own latest quote, or the bar of the minute the broker compared at); “Vs day” places the competitor’s rate against that day’s low–high, flagging a typo or an off-market quote.',
    `“ECB ref.” is the ECB euro reference rate for the comparison date, a cross of two published rates for GBP pairs (${ECB_SOURCE_NOTE}).`,
    'Without a configured market feed, PipPitch’s prices are ECB euro reference rates (Source: ECB) with simulated intraday movement, indicative only.',
  ].join(' ');
}

type ClientRow = ReportBroker['clients'][number];

/** A rate at its pair's decimals (4 for the six, 2 for a yen quote: issue 34). */
const rate = (c: ClientRow, value: string) => formatPairRate(value, c.pair);
const money = (c: ClientRow, value: string) => (isCurrencyPair(c.pair) ? formatSold(value, c.pair) : formatGBP(value));

// Widths come from the content (sizeColumns); the client name takes what is left and wraps, never cut (issue 31 §6).
const COLUMNS: Omit<Column<ClientRow>, 'width'>[] = [
  { title: 'Client', wrap: true, value: (c) => c.client },
  { title: 'Pair', value: (c) => `${c.pair.slice(0, 3)}/${c.pair.slice(3)}` },
  {
    title: 'Your rate',
    align: 'right',
    value: (c) => (c.marginPips ? `${rate(c, c.yourRate)} +${c.marginPips}` : rate(c, c.yourRate)),
  },
  { title: 'Competitor', align: 'right', value: (c) => rate(c, c.competitorRate) },
  // The record (issue 14): the mid the server used, the competitor rate against that day's range, the ECB rate.
  { title: 'Mid used', align: 'right', value: (c) => (c.midRate ? rate(c, c.midRate) : '—') },
  { title: 'Vs day', align: 'right', value: (c) => RANGE_WORDS[c.rangePosition ?? 'none'] },
  { title: 'ECB ref.', align: 'right', value: (c) => (c.ecbRate ? rate(c, c.ecbRate) : '—') },
  {
    title: 'Amount bought',
    align: 'right',
    value: (c) => (isCurrencyPair(c.pair) ? formatBought(c.amount, c.pair) : c.amount),
  },
  { title: 'Trades/yr', align: 'right', value: (c) => String(c.tradesPerYear) },
  { title: 'Pips', align: 'right', value: (c) => c.differenceInPips },
  // A loss shows as one (the competitor is cheaper by that much), never as a saving.
  {
    title: 'Annual savings',
    align: 'right',
    value: (c) => money(c, c.standing === 'loss' ? `-${c.annualSavings}` : c.annualSavings),
  },
  // What the pitch adds to the totals, in pounds: a loss or an off-market rate adds nothing and says why.
  {
    title: 'Counted (GBP)',
    align: 'right',
    value: (c) => (c.standing === 'saving' ? formatGBP(c.countedGbp) : (STANDING_NOTES[c.standing] ?? '—')),
  },
  { title: 'Pitched', align: 'right', value: (c) => `${c.times}×` },
  { title: 'Last pitched', align: 'right', value: (c) => formatLondonDate(c.lastPitchedAt) },
];

const RANGE_WORDS = { inside: 'in range', below: 'below low', above: 'above high', none: '—' } as const;

function periodText(data: ReportData): string {
  return `${formatIsoDate(data.span.start)} – ${formatIsoDate(data.span.end)}`;
}

/** 'Team · 2 pitches: 58.6 bps against a floor of 50.0 bps · £240,225 a year · 1 below the floor: 1 not asked'. */
function concededLine(title: string, f: ConcededWordsFigures): string {
  return `${title} · ${pitchesText(f.pitches)}: ${concededText(f)}`;
}

/**
 * Margin conceded (issue 25 §3): the team's and each pair's lines, in the dashboard card's words. Every pitch of the
 * period counts here, where the clients' table keeps each client's latest only.
 */
function marginSection(doc: PDFKit.PDFDocument, width: number, margin: ReportData['margin']): void {
  if (margin.team.pitches === 0) return;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text('Margin conceded', MARGIN, doc.y);
  doc.font('Helvetica').fontSize(9).fillColor('#0f172a').moveDown(0.2);
  doc.text(concededLine('Team', margin.team), { width });
  for (const p of margin.pairs) {
    doc.text(concededLine(isCurrencyPair(p.pair) ? pairLabel(p.pair) : p.pair, p), { width });
  }
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .moveDown(0.2)
    .text(
      "Margin against the mid the server recorded, weighted by each pitch's size in pounds, against the desk's floor when it was pitched; £ a year at each prospect's stated trades. Every pitch in the period counts, not only each client's latest.",
      { width },
    );
  doc.moveDown(0.6);
}

/** Renders the report; resolves with the PDF's bytes. */
export function renderReportPdf(data: ReportData, generatedAt: Date): Promise<Buffer> {
  const info = {
    Title: `PipPitch monthly client report — ${data.companyName} — ${periodText(data)}`,
    CreationDate: generatedAt,
  };
  return drawPdf(info, `PipPitch · ${data.companyName} · ${periodText(data)}`, (doc, width) => {
    // Title block.
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(10).text('PipPitch', MARGIN, MARGIN);
    doc.fillColor('#0f172a').fontSize(18).text('Monthly Client Report', { continued: false });
    doc.font('Helvetica').fontSize(11).fillColor('#0f172a').text(data.companyName);
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Period: ${periodText(data)} (London time) · Generated ${formatLondonDateTime(generatedAt)} (London)`);
    doc.moveDown(0.8);

    // Totals.
    const totals: [string, string][] = [
      ['Brokers', String(data.totals.brokers)],
      ['Calculations', String(data.totals.calculations)],
      ['Clients pitched', String(data.totals.clients)],
      ['Savings pitched (GBP)', formatGBP(data.totals.savings)],
      ['Competitor cheaper', String(data.totals.losses)],
      ['Off-market (left out)', String(data.totals.excluded)],
    ];
    figureBoxes(doc, width, totals);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `Each client counts once per broker, with its latest figures in the period; the totals count each client once across the team. Savings count only clients where we are cheaper; a competitor rate outside the day's range is left out. Each pitch's figures are in the currency the client sells. ${GBP_TOTALS_NOTE}`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.moveDown(0.6);
    marginSection(doc, width, data.margin);

    const table = tableDrawer(
      doc,
      sizeColumns(doc, { columns: COLUMNS, rows: data.brokers.flatMap((b) => b.clients), width, flex: ['Client'] }),
      width,
    );

    if (data.brokers.length === 0) {
      doc.font('Helvetica').fontSize(10).fillColor('#0f172a').text('No calculations in this period.', MARGIN, doc.y);
    }
    for (const broker of data.brokers) {
      table.ensureRoom(ROW * 5, false);
      doc.y += 10;
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#0f172a')
        .text(broker.name, MARGIN, doc.y, { continued: true })
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(
          `  ${broker.email} · ${broker.calculations} calculation${broker.calculations === 1 ? '' : 's'} · ${broker.clients.length} client${broker.clients.length === 1 ? '' : 's'} · ${formatGBP(broker.savings)} annual savings${broker.losses ? ` · ${broker.losses} competitor cheaper` : ''}${broker.excluded ? ` · ${broker.excluded} off-market, not counted` : ''}`,
        );
      if (broker.margin && broker.margin.pitches > 0) {
        doc
          .fontSize(9)
          .fillColor(MUTED)
          .text(
            broker.margin.marginBps === null
              ? 'Margin: not measured (saved without a mid)'
              : `Margin: ${concededText(broker.margin)}`,
            MARGIN,
            doc.y,
            { width },
          );
      }
      doc.moveDown(0.2);
      table.header();
      broker.clients.forEach(table.row);
    }

    // Sources and method.
    closingHeading(doc, table, 'Data sources and method');
    doc.fillColor('#0f172a');
    if (data.sources.length === 0) doc.text('No calculations, so no rates were used.');
    for (const s of data.sources) {
      const span =
        s.first && s.last
          ? `, rates from ${formatLondonDateTime(s.first)} to ${formatLondonDateTime(s.last)} (London)`
          : '';
      doc.text(
        `• Live rate on screen: ${s.label} — ${s.calculations} calculation${s.calculations === 1 ? '' : 's'}${span}.`,
        {
          width,
        },
      );
    }
    for (const line of data.pairNotes) doc.text(`• ${line}`, { width });
    doc.fillColor(MUTED).moveDown(0.3).text(reportMethod(data.pairs), { width });
  });
}

/**
 * What every PDF PipPitch draws shares (monthly reports, evidence packs): an A4 landscape pdfkit document collected
 * into a Buffer, a table whose header repeats on each page, and page numbers. pdfkit is pure JavaScript with the
 * standard Helvetica fonts: nothing to install.
 */
import PDFDocument from 'pdfkit';

export const MARGIN = 36;
export const ROW = 14;
export const BRAND = '#0f766e';
export const MUTED = '#475569';
export const RULE = '#e2e8f0';

export interface Column<T> {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** Free text shown whole (a client's name, issue 31 §6): a value wider than the column wraps and the row grows. */
  wrap?: boolean;
  value(row: T): string;
}

/** A landscape A4 document and the promise of its bytes (resolved after `doc.end()`). */
function landscapeDocument(info: { Title: string; CreationDate: Date }) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { ...info, Author: 'PipPitch' },
  });
  compactFinishedPages(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, width: doc.page.width - 2 * MARGIN };
}

/** What pdfkit keeps of a buffered page (not in its types): the content stream's chunks, one per operation. */
interface BufferedPages {
  _pageBuffer?: { content: { buffer: Uint8Array[] } }[];
}

/**
 * Pages stay buffered until the end so each can be numbered 'Page i of n'; pdfkit keeps every drawing operation of
 * a buffered page as a byte array of its own, and a 6,000-row report's 182 pages held ~190 MB of them (bench
 * reports: 277 MB peak against a 200 MB budget). When a page is added, the one before it is finished but for its
 * number: its chunks are joined into one. The numbers are still appended later, after the joined chunk.
 */
function compactFinishedPages(doc: PDFKit.PDFDocument): void {
  const pages = (doc as unknown as BufferedPages)._pageBuffer;
  if (!pages) return;
  doc.on('pageAdded', () => {
    const finished = pages[pages.length - 2]?.content;
    if (finished && finished.buffer.length > 1) finished.buffer = [Buffer.concat(finished.buffer)];
  });
}

/**
 * Draws a landscape A4 PDF and resolves with its bytes: `draw` fills the pages, then each page gets
 * 'footer · Page i of n'.
 */
export function drawPdf(
  info: { Title: string; CreationDate: Date },
  footer: string,
  draw: (doc: PDFKit.PDFDocument, width: number) => void,
): Promise<Buffer> {
  const { doc, done, width } = landscapeDocument(info);
  draw(doc, width);
  numberPages(doc, width, footer);
  doc.end();
  return done;
}

/**
 * The heading of the section that closes a document (its method and sources): on a new page unless eight rows
 * fit under it, then the section's 8.5 pt body text follows.
 */
export function closingHeading(
  doc: PDFKit.PDFDocument,
  table: { ensureRoom(needed: number, repeatHeader: boolean): void },
  title: string,
): void {
  table.ensureRoom(ROW * 8, false);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(title, MARGIN, doc.y);
  doc.font('Helvetica').fontSize(8.5).moveDown(0.3);
}

/**
 * A table drawer. Cells are placed by measuring (widthOfString), not by pdfkit's line wrapper: a report of 6,000
 * rows draws 60,000 cells, and wrapping each one would take most of the time (bench reports). Body cells are all
 * 8 pt Helvetica and most values repeat, so each is measured once.
 */
export function tableDrawer<T>(doc: PDFKit.PDFDocument, columns: Column<T>[], width: number) {
  const bottom = () => doc.page.height - MARGIN - 20;
  const left = new Map<Column<T>, number>();
  columns.reduce((x, c) => {
    left.set(c, x);
    return x + c.width;
  }, MARGIN);
  const widths = new Map<string, number>();
  const widthOf = (value: string) => {
    let w = widths.get(value);
    if (w === undefined) {
      w = doc.widthOfString(value);
      widths.set(value, w);
    }
    return w;
  };
  const fit = (value: string, room: number) => {
    if (widthOf(value) <= room) return value;
    let cut = value;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > room) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const header = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED);
    for (const c of columns) {
      doc.text(c.title.toUpperCase(), x + 2, y + 3, { width: c.width - 4, align: c.align ?? 'left', lineBreak: false });
      x += c.width;
    }
    doc
      .moveTo(MARGIN, y + ROW)
      .lineTo(MARGIN + width, y + ROW)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + ROW;
  };
  const ensureRoom = (needed: number, repeatHeader: boolean) => {
    if (doc.y + needed <= bottom()) return;
    doc.addPage();
    doc.y = MARGIN;
    if (repeatHeader) header();
  };
  const row = (item: T, index: number) => {
    const values = columns.map((c) => c.value(item));
    doc.font('Helvetica').fontSize(8);
    // Only a value too wide for its wrapping column is measured as lines: every other row keeps the fast path.
    const wrapped = columns.map((c, i) => {
      const value = values[i] ?? '';
      return c.wrap && widthOf(value) > c.width - 4 ? doc.heightOfString(value, { width: c.width - 4 }) : 0;
    });
    const height = Math.max(ROW, ...wrapped.map((h) => h + 7));
    ensureRoom(height, true);
    const y = doc.y;
    if (index % 2 === 1) doc.rect(MARGIN, y, width, height).fill('#f8fafc');
    doc.font('Helvetica').fontSize(8).fillColor('#0f172a');
    columns.forEach((c, i) => {
      const room = c.width - 4;
      const x = left.get(c) ?? MARGIN;
      const value = values[i] ?? '';
      if (wrapped[i]) {
        doc.text(value, x + 2, y + 3.5, { width: room });
        return;
      }
      const shown = fit(value, room);
      doc.text(shown, c.align === 'right' ? x + 2 + room - widthOf(shown) : x + 2, y + 3.5, { lineBreak: false });
    });
    doc.y = y + height;
  };
  return { header, ensureRoom, row };
}

/**
 * Columns sized to their content (issue 22 §2: no figure cut to '1148…'): each column as wide as its header or its
 * widest value, whichever is wider; the room left over, or the room missing, goes to the `flex` columns (free text
 * such as client names, which wrap when marked `wrap`, else alone may be shortened with '…'). Measured once per distinct value.
 */
export function sizeColumns<T>(
  doc: PDFKit.PDFDocument,
  table: { columns: Omit<Column<T>, 'width'>[]; rows: T[]; width: number; flex: string[] },
): Column<T>[] {
  const { columns, rows, width, flex } = table;
  const PAD = 8;
  const seen = new Map<string, number>();
  const sized = columns.map((c) => {
    doc.font('Helvetica-Bold').fontSize(7.5);
    let w = doc.widthOfString(c.title.toUpperCase());
    doc.font('Helvetica').fontSize(8);
    for (const r of rows) {
      const v = c.value(r);
      let vw = seen.get(v);
      if (vw === undefined) {
        vw = doc.widthOfString(v);
        seen.set(v, vw);
      }
      if (vw > w) w = vw;
    }
    return { ...c, width: Math.ceil(w + PAD) };
  });
  const flexible = sized.filter((c) => flex.includes(c.title));
  const used = sized.reduce((n, c) => n + c.width, 0);
  if (flexible.length === 0) return sized;
  const share = (width - used) / flexible.length;
  for (const c of flexible) c.width = Math.max(48, Math.floor(c.width + share));
  return sized;
}

/** Writes 'footer · Page i of n' on every page, once the page count is known. */
function numberPages(doc: PDFKit.PDFDocument, width: number, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Inside the bottom margin: without this pdfkit would start a new page for the footer line.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${footer} · Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN - 8, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
}

/** A row of labelled figure boxes (a report's or a pack's totals). */
export function figureBoxes(doc: PDFKit.PDFDocument, width: number, figures: [string, string][]): void {
  const boxY = doc.y;
  const boxW = width / figures.length;
  figures.forEach(([label, value], i) => {
    const x = MARGIN + i * boxW;
    doc.roundedRect(x + 2, boxY, boxW - 4, 42, 4).fillAndStroke('#f0fdfa', '#99f6e4');
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(label.toUpperCase(), x + 10, boxY + 8, { width: boxW - 20 });
    doc
      .fillColor('#0f172a')
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(value, x + 10, boxY + 20, { width: boxW - 20 });
  });
  doc.x = MARGIN;
  doc.y = boxY + 54;
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { drawPdf } from '../../core/src/services/pdf/document';

describe('the PDF frame (services/pdf/document.ts)', () => {
  it("still finds pdfkit's buffered pages where it joins their chunks (a pdfkit upgrade that moves them fails here)", () => {
    const doc = new PDFDocument({ bufferPages: true });
    doc.text('one');
    doc.addPage();
    const pages = (doc as unknown as { _pageBuffer?: { content: { buffer: unknown[] } }[] })._pageBuffer;
    expect(pages).toHaveLength(2);
    expect(Array.isArray(pages?.[0]?.content.buffer)).toBe(true);
    doc.end();
  });

  it('numbers every page of a long document, the joined ones included, and draws every row', async () => {
    const pdf = await drawPdf({ Title: 'Long', CreationDate: new Date('2026-11-28T10:00:00Z') }, 'PipPitch', (doc) => {
      for (let i = 0; i < 400; i++) doc.fontSize(8).text(`Row ${i}: Acme Imports Ltd`, 40, doc.y);
    });
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThan(3);
    const text = pdfText(pdf);
    for (let i = 1; i <= pages; i++) expect(text).toContain(`PipPitch · Page ${i} of ${pages}`);
    for (const row of [0, 199, 399]) expect(text).toContain(`Row ${row}: Acme Imports Ltd`);
  });
});

/** The PDF's text as poppler's pdftotext reads it (Debian poppler-utils, installed by .ci/run). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-document-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

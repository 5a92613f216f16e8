/**
 * A scatter chart drawn with pdfkit's own vectors (no canvas, nothing to install): the evidence pack's 'Markup per
 * trade (bps of the mid)', the chart its page shows (web/src/features/packs/PackChart.tsx), so the prospect's PDF
 * carries it too (issue 31 §6). Time across in London dates, values up in whole ticks, one dot per point.
 */
import { axisDate, spansYears } from '@pippitch/shared/chart-axis';
import { BRAND, MUTED, RULE } from './document';

const DOT = BRAND;
const DAY = 86_400_000;

/** Round tick steps (1, 2, 5 × 10ⁿ) giving about `count` intervals over [min, max]. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const span = max - min || Math.abs(max) || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toFixed(10)));
  if (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

export function drawScatter(
  doc: PDFKit.PDFDocument,
  box: { x: number; y: number; width: number; height: number },
  points: [number, number][],
): void {
  const times = points.map(([t]) => t);
  const values = points.map(([, v]) => v);
  // The axis starts at zero when every value is on one side of it, as the page's chart does.
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const [low, high] = [ticks[0]!, ticks[ticks.length - 1]!];
  const [first, last] = [Math.min(...times), Math.max(...times)];
  // A single day's trades still get a day's width, so their dots do not sit on the axis.
  const [from, to] = last - first < DAY ? [first - DAY / 2, last + DAY / 2] : [first, last];

  doc.font('Helvetica').fontSize(7).fillColor(MUTED);
  const labelWidth = Math.max(...ticks.map((v) => doc.widthOfString(String(v)))) + 4;
  const plot = { x: box.x + labelWidth, y: box.y + 12, width: box.width - labelWidth - 8, height: box.height - 26 };
  const xOf = (t: number) => plot.x + ((t - from) / (to - from)) * plot.width;
  const yOf = (v: number) => plot.y + plot.height - ((v - low) / (high - low || 1)) * plot.height;

  // Grid lines and their values.
  for (const v of ticks) {
    const y = yOf(v);
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(v === 0 ? 0.8 : 0.4)
      .strokeColor(RULE)
      .stroke();
    doc.fillColor(MUTED).text(String(v), box.x, y - 3, { width: labelWidth - 4, align: 'right', lineBreak: false });
  }
  doc.text('bps', box.x, box.y, { width: labelWidth - 4, align: 'right', lineBreak: false });

  // Dates along the bottom: about five, at most one a day, with the year when the trades span more than one.
  const withYear = spansYears([from, to]);
  const labels = Math.max(1, Math.min(5, Math.round((to - from) / DAY)));
  for (let i = 0; i <= labels; i++) {
    const t = from + ((to - from) * i) / labels;
    const text = axisDate(t, withYear);
    const w = doc.widthOfString(text);
    const x = Math.min(Math.max(xOf(t) - w / 2, plot.x), plot.x + plot.width - w);
    doc.text(text, x, plot.y + plot.height + 5, { lineBreak: false });
  }

  for (const [t, v] of points) doc.circle(xOf(t), yOf(v), 2).fill(DOT);
  // The labels' text calls moved the cursor: the chart's box ends where it was given to.
  doc.fillColor('#0f172a');
  doc.x = box.x;
  doc.y = box.y + box.height;
}

import { parse } from 'csv-parse/sync';

// Dukascopy minute bars as exported by its tools (e.g. dukascopy-node `--format csv`):
//   timestamp,open,high,low,close[,volume]
//   1727654400000,1.33751,1.33762,1.33741,1.33755,312.5
// timestamp is the bar's start in epoch milliseconds, UTC. Volume is ignored.

export interface ImportedBar {
  ts: Date;
  open: number;
  high: number;
  low: number;
  close: number;
}

const COLUMNS = ['timestamp', 'open', 'high', 'low', 'close'] as const;

/** Parses and checks a whole file; throws `line N: …` on the first bad row so nothing half-imports. */
export function parseDukascopyCsv(text: string): ImportedBar[] {
  const rows = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  const header = (rows[0] ?? []).map((h) => h.toLowerCase());
  const missing = COLUMNS.filter((c, i) => header[i] !== c);
  if (missing.length > 0) {
    throw new Error(`line 1: expected the header 'timestamp,open,high,low,close[,volume]', got '${header.join(',')}'`);
  }
  const bars: ImportedBar[] = [];
  const seen = new Set<number>();
  for (let i = 1; i < rows.length; i++) {
    const line = i + 1;
    const row = rows[i]!;
    const ms = Number(row[0]);
    if (!Number.isSafeInteger(ms) || ms <= 0) throw new Error(`line ${line}: timestamp '${row[0]}' is not epoch ms`);
    if (ms % 60_000 !== 0) throw new Error(`line ${line}: timestamp ${ms} is not the start of a minute`);
    if (seen.has(ms)) throw new Error(`line ${line}: timestamp ${ms} appears twice`);
    seen.add(ms);
    const [open, high, low, close] = [1, 2, 3, 4].map((c) => Number(row[c]));
    if (![open, high, low, close].every((v) => v !== undefined && Number.isFinite(v) && v > 0)) {
      throw new Error(`line ${line}: prices must be positive numbers`);
    }
    if (low! > Math.min(open!, close!) || high! < Math.max(open!, close!)) {
      throw new Error(`line ${line}: high/low do not contain open and close`);
    }
    bars.push({ ts: new Date(ms), open: open!, high: high!, low: low!, close: close! });
  }
  return bars.sort((a, b) => a.ts.getTime() - b.ts.getTime());
}

/**
 * The ECB's reference-rate XML (gesmes envelope; one `<Cube time='YYYY-MM-DD'>` per day holding
 * `<Cube currency='USD' rate='1.0412'/>` per currency). Read with two patterns rather than an XML library: the
 * format has not changed since 1999, and anything that is not it is refused with a clear message.
 */
import type { EcbFix } from './types';

const DAY = /<Cube\s+time\s*=\s*["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g;
const RATE = /<Cube\s+currency\s*=\s*["']([A-Z]{3})["']\s+rate\s*=\s*["'](\d+(?:\.\d+)?)["']\s*\/>/g;

/** Every day's rates in the file, oldest first. Throws when the file holds no reference rates. */
export function parseEcbXml(xml: string): EcbFix[] {
  const fixes: EcbFix[] = [];
  for (const [, date, body] of xml.matchAll(DAY)) {
    const rates: Record<string, string> = {};
    for (const [, currency, rate] of body!.matchAll(RATE)) rates[currency!] = rate!;
    if (Object.keys(rates).length > 0 && !Number.isNaN(Date.parse(date!))) fixes.push({ date: date!, rates });
  }
  if (fixes.length === 0) throw new Error('ECB reference rates: the file holds no rates (not the ECB’s XML?)');
  return fixes.sort((a, b) => a.date.localeCompare(b.date));
}

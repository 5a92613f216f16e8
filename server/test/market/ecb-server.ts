import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EcbFix } from '../../../core/src/market/vendors/ecb/types';

// A local server publishing the ECB's reference-rate XML files (eurofxref-daily.xml, eurofxref-hist-90d.xml,
// eurofxref-hist.xml) in the ECB's own layout, from a list of fixes the test controls.

export interface EcbServer {
  baseUrl: string;
  /** Published fixes, any order; the daily file is the newest, the 90-day file the last 90 calendar days. */
  fixes: EcbFix[];
  requests: string[];
  failWith: number | null;
  close(): Promise<void>;
}

export function ecbXml(fixes: readonly EcbFix[]): string {
  const days = [...fixes]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map(
      (f) =>
        `\t\t<Cube time='${f.date}'>\n${Object.entries(f.rates)
          .map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`)
          .join('\n')}\n\t\t</Cube>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${days}
\t</Cube>
</gesmes:Envelope>`;
}

export async function startEcbServer(fixes: EcbFix[] = []): Promise<EcbServer> {
  const state: EcbServer = { baseUrl: '', fixes, requests: [], failWith: null, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/stats\/eurofxref\//, '');
    state.requests.push(name);
    if (state.failWith !== null) {
      res.writeHead(state.failWith).end('<html>Service Unavailable</html>');
      return;
    }
    const sorted = [...state.fixes].sort((a, b) => a.date.localeCompare(b.date));
    const newest = sorted.at(-1)?.date ?? '1999-01-04';
    const cutoff = new Date(Date.parse(newest) - 90 * 86_400_000).toISOString().slice(0, 10);
    const body =
      name === 'eurofxref-daily.xml'
        ? ecbXml(sorted.slice(-1))
        : name === 'eurofxref-hist-90d.xml'
          ? ecbXml(sorted.filter((f) => f.date > cutoff))
          : name === 'eurofxref-hist.xml'
            ? ecbXml(sorted)
            : null;
    if (body === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * A local stand-in for the Companies House API speaking its JSON (GET /search/companies, GET /company/{number}),
 * with basic auth and switchable failures, so the real client is exercised over HTTP.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegisterEntry {
  company_number: string;
  company_name: string;
  company_status?: string;
  type?: string;
  sic_codes?: string[];
  postal_code?: string;
  locality?: string;
}

export type Mode = 'ok' | 'rate-limit' | 'down' | 'malformed-json' | 'wrong-shape';

export interface FakeCompaniesHouse {
  url: string;
  mode: Mode;
  requests: string[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startFakeCompaniesHouse(apiKey: string, register: RegisterEntry[]): Promise<FakeCompaniesHouse> {
  const state = { mode: 'ok' as Mode, requests: [] as string[] };
  const expectedAuth = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(`${url.pathname}${url.search}`);
    if (req.headers.authorization !== expectedAuth) return send(res, 401, { error: 'Invalid Authorization' });
    if (state.mode === 'rate-limit') return send(res, 429, { error: 'Too Many Requests' });
    if (state.mode === 'down') return send(res, 503, '<html>Service Unavailable</html>');
    if (state.mode === 'malformed-json') return send(res, 200, '{"items": [');
    if (state.mode === 'wrong-shape') return send(res, 200, { items: 'not a list' });

    if (url.pathname === '/search/companies') {
      // Like the real search: names containing any of the words, best (most words) first, then register order.
      const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const perPage = Number(url.searchParams.get('items_per_page') ?? 20);
      const start = Number(url.searchParams.get('start_index') ?? 0);
      const scored = register
        .map((c, i) => ({ c, i, score: words.filter((w) => c.company_name.toLowerCase().includes(w)).length }))
        .filter((s) => s.score > 0)
        .sort((a, b) => b.score - a.score || a.i - b.i);
      return send(res, 200, {
        kind: 'search#companies',
        total_results: scored.length,
        start_index: start,
        items_per_page: perPage,
        items: scored.slice(start, start + perPage).map(({ c }) => ({
          kind: 'searchresults#company',
          company_number: c.company_number,
          title: c.company_name,
          company_status: c.company_status ?? 'active',
          company_type: c.type ?? 'ltd',
          address_snippet: `${c.locality ?? ''}, ${c.postal_code ?? ''}`,
          address: { locality: c.locality, postal_code: c.postal_code },
          links: { self: `/company/${c.company_number}` },
        })),
      });
    }
    const profile = /^\/company\/([A-Z0-9]+)$/.exec(url.pathname);
    const company = profile && register.find((c) => c.company_number === profile[1]);
    if (!company) return send(res, 404, { errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] });
    return send(res, 200, {
      company_name: company.company_name,
      company_number: company.company_number,
      company_status: company.company_status ?? 'active',
      type: company.type ?? 'ltd',
      sic_codes: company.sic_codes,
      registered_office_address: {
        address_line_1: '1 High Street',
        locality: company.locality,
        postal_code: company.postal_code,
        country: 'England',
      },
      jurisdiction: 'england-wales',
      links: { self: `/company/${company.company_number}` },
    });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(m: Mode) {
      state.mode = m;
    },
    requests: state.requests,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

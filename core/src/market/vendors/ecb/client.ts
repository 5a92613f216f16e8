/** The ECB's published files over HTTP(S), from ECB_RATES_URL (the folder; default the ECB's own address). */
import type { EcbRatesProvider } from './types';
import { parseEcbXml } from './xml';

export const ECB_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/';

export interface EcbClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createEcbRatesClient(options: EcbClientOptions = {}): EcbRatesProvider {
  const base = (options.baseUrl ?? ECB_RATES_URL).replace(/\/?$/, '/');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? fetch;

  async function file(name: string, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await doFetch(`${base}${name}`, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new Error(`ECB reference rates: timed out after ${timeoutMs} ms (${name})`);
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new Error(`ECB reference rates unreachable: ${cause}`);
    }
    if (!res.ok) throw new Error(`ECB reference rates: HTTP ${res.status} for ${name}`);
    return parseEcbXml(await res.text());
  }

  return {
    description: `ECB reference rates (${base})`,
    daily: (signal) => file('eurofxref-daily.xml', signal),
    last90Days: (signal) => file('eurofxref-hist-90d.xml', signal),
    history: (signal) => file('eurofxref-hist.xml', signal),
  };
}

/** TRUST_PROXY: which proxies in front of the server may name the client's address (read by config.ts). */
import { isIP } from 'node:net';

/** What Fastify's `trustProxy` accepts, minus `true` (trusting every hop lets any client pick its address). */
export type TrustProxy = false | number | string[];

// proxy-addr's names for private ranges, accepted as list entries.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** Returns the setting, or a message saying what is wrong with it. */
export function parseTrustProxy(value: string): TrustProxy | string {
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true')
    return 'TRUST_PROXY=true would trust any client; give the number of proxies (e.g. 1) or their addresses';
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length) return `TRUST_PROXY: not a hop count, address or CIDR range: ${bad.join(', ')}`;
  return entries;
}

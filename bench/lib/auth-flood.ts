/**
 * A sign-in flood in a process of its own (bench/auth.ts), so the attackers' HTTP work does not run on the server's
 * event loop, as it would not in life: `clients` loopback addresses (127.<round+10>.<clients>.<i>, real sockets),
 * each joining within the first second and keeping 4 wrong-password sign-ins at `email` in flight as fast as they
 * are answered, until told to stop; then
 * it sends back how the attempts were answered. Every request has a deadline.
 *   node --import tsx bench/lib/auth-flood.ts <url> <clients> <round> <email>
 */
import { Agent, request } from 'node:http';

const [url = '', clientsArg = '10', roundArg = '0', email = ''] = process.argv.slice(2);
const clients = Number(clientsArg);
const round = Number(roundArg);
let stop = false;
process.on('message', (m) => {
  if (m === 'stop') stop = true;
});
// The benchmark gone (it failed, or was stopped): stop too.
process.on('disconnect', () => process.exit(1));

function attempt(agent: Agent, password: string): Promise<number> {
  return new Promise((resolve) => {
    const data = JSON.stringify({ email, password, mode: 'user' });
    const req = request(
      `${url}/trpc/auth.login`,
      {
        method: 'POST',
        agent,
        timeout: 60_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

const statuses: Record<string, number> = {};
const loops = Array.from({ length: clients }, (_, c) => {
  const agent = new Agent({ keepAlive: true, localAddress: `127.${round + 10}.${clients}.${c + 1}` });
  return Array.from({ length: 4 }, async (_, k) => {
    // The clients join within the flood's first second, each at its own moment: separate attackers are not in
    // step to the millisecond. (Every request arriving in one instant is bench/auth.ts's 90-batch line.)
    await new Promise((joined) => setTimeout(joined, Math.round((c / clients) * 1000)));
    for (let n = 0; !stop && n < 100_000; n++) {
      const status = await attempt(agent, `guess-${c}-${k}-${n}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
});
process.send?.('started');
await Promise.all(loops.flat());
process.send?.(statuses, () => process.exit(0));

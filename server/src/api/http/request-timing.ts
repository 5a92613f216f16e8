import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Where an API request's time goes (issue 35), in milliseconds: reading who is signed in (session), the base
 * procedures' checks (access), input validation and the procedure itself (procedure), and tRPC building and
 * stringifying the answer (serialisation). A batch adds its calls' access and procedure times together (they run
 * at once, so the sum can exceed the wall time); the session is read once per request.
 */
export interface RequestStages {
  session: number;
  access: number;
  procedure: number;
  serialisation: number;
  /** performance.now() when the last call's procedure finished (serialisation runs from there to the answer). */
  procedureEnd: number;
}

export const STAGES = ['session', 'access', 'procedure', 'serialisation'] as const;

// Keyed by Node's request, which both Fastify's hooks and tRPC's context see.
const byRequest = new WeakMap<IncomingMessage, RequestStages>();

/** The request's stage times, started on first use (the tRPC context starts them). */
export function stagesOf(raw: IncomingMessage): RequestStages {
  let stages = byRequest.get(raw);
  if (!stages) {
    stages = { session: 0, access: 0, procedure: 0, serialisation: 0, procedureEnd: 0 };
    byRequest.set(raw, stages);
  }
  return stages;
}

/** The stage times of a request that had any (API calls), with serialisation closed; undefined for the rest. */
export function finishedStages(raw: IncomingMessage): RequestStages | undefined {
  const stages = byRequest.get(raw);
  if (stages?.procedureEnd && !stages.serialisation) stages.serialisation = performance.now() - stages.procedureEnd;
  return stages;
}

/**
 * Closes each API answer's serialisation as it is handed over, and sends the Server-Timing header outside production
 * (the browser's network panel shows it): the stages and the total so far. Production leaves the header off (it
 * tells anyone how long our database took) and keeps the figures in the Prometheus histogram (api/http/ops.ts).
 */
export function registerRequestTiming(app: FastifyInstance, options: { header: boolean }): void {
  app.addHook('onSend', async (req, reply) => {
    const stages = finishedStages(req.raw);
    if (!stages || !options.header) return;
    const parts = STAGES.map((s) => `${s};dur=${stages[s].toFixed(2)}`);
    parts.push(`total;dur=${reply.elapsedTime.toFixed(2)}`);
    reply.header('server-timing', parts.join(', '));
  });
}

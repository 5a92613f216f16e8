import { applyBillingEvent } from '@pippitch/core/billing';
import { type PaymentProvider, WebhookSignatureError } from '@pippitch/core/providers/payments';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../deps';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

/**
 * Stripe's webhook (design.md §5 billing trust): the signature is checked over the raw body (a bad one is a
 * 400), each event is applied once, and any failure answers 5xx so Stripe delivers it again.
 */
export async function registerBillingWebhook(
  app: FastifyInstance,
  ctx: { db: Database; deps: ServerDeps; provider: PaymentProvider; appUrl: string },
): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: keep them, do not parse and re-serialise.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      let event: ReturnType<PaymentProvider['verifyEvent']>;
      try {
        event = ctx.provider.verifyEvent(req.body as Buffer, typeof signature === 'string' ? signature : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          req.log.warn({ reason: err.message }, 'billing webhook refused: bad signature');
          return reply.code(400).send({ error: 'Invalid signature' });
        }
        throw err;
      }
      const result = await applyBillingEvent(ctx.db, event, {
        provider: ctx.provider,
        now: ctx.deps.now(),
        appUrl: ctx.appUrl,
      });
      req.log.info({ event: event.id, type: event.type, outcome: result.outcome }, 'billing event');
      return { received: true, duplicate: !result.applied };
    });
  });
}

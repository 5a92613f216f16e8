/** The admins' e-mail of approval requests (issue 32 §3): one per company a few minutes after the first request. */
import { defineJob, z } from './define';

/** How long a digest waits after the first request, so several asked together arrive as one e-mail. */
export const MARGIN_DIGEST_DELAY_SECONDS = 180;

// 'short': at most one queued per company — requests asked while one waits join its e-mail.
export const marginRequestDigestJob = defineJob({
  name: 'margin-request-digest',
  payload: z.object({ companyId: z.string().uuid() }),
  singletonKey: (p) => p.companyId,
  policy: 'short',
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 5 * 60,
});

import { previewList } from '@pippitch/core/email';
import { EMAIL_PREVIEW_PATH } from '../http/email-preview';
import { adminProcedure, router } from '../trpc/procedures';

export const emailsRouter = router({
  /** The e-mails /email-preview shows; each renders at its own address (api/http/email-preview.ts). */
  previews: adminProcedure.query(() => previewList().map((p) => ({ ...p, url: `${EMAIL_PREVIEW_PATH}/${p.key}` }))),
});

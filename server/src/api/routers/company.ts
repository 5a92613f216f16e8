import { companySummary } from '../../services/company/summary';
import { authedProcedure, router } from '../trpc/procedures';

export const companyRouter = router({
  /** The caller's own company: plan, trial, seats. Readable while locked so the locked page can explain. */
  summary: authedProcedure.query(({ ctx }) => companySummary(ctx.db, ctx.viewer.company.id, ctx.services.now())),
});

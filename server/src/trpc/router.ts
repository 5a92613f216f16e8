import { authRouter } from '../routers/auth';
import { companyRouter } from '../routers/company';
import { teamRouter } from '../routers/team';
import { router } from './procedures';

export const appRouter = router({
  auth: authRouter,
  company: companyRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;

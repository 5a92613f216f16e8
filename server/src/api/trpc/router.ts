import { activityRouter } from '../routers/activity';
import { authRouter } from '../routers/auth';
import { calculatorRouter } from '../routers/calculator';
import { companyRouter } from '../routers/company';
import { finderRouter } from '../routers/finder';
import { leadsRouter } from '../routers/leads';
import { ratesRouter } from '../routers/rates';
import { teamRouter } from '../routers/team';
import { router } from './procedures';

export const appRouter = router({
  activity: activityRouter,
  auth: authRouter,
  calculator: calculatorRouter,
  company: companyRouter,
  finder: finderRouter,
  leads: leadsRouter,
  rates: ratesRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;

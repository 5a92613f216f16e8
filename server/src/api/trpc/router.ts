import { authRouter } from '../routers/auth';
import { calculatorRouter } from '../routers/calculator';
import { companyRouter } from '../routers/company';
import { finderRouter } from '../routers/finder';
import { invitationsRouter } from '../routers/invitations';
import { joinRouter } from '../routers/join';
import { leadsRouter } from '../routers/leads';
import { ratesRouter } from '../routers/rates';
import { teamRouter } from '../routers/team';
import { router } from './procedures';

export const appRouter = router({
  auth: authRouter,
  calculator: calculatorRouter,
  company: companyRouter,
  finder: finderRouter,
  invitations: invitationsRouter,
  join: joinRouter,
  leads: leadsRouter,
  rates: ratesRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;

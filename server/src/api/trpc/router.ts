import { activityRouter } from '../routers/activity';
import { alertsRouter } from '../routers/alerts';
import { authRouter } from '../routers/auth';
import { billingRouter } from '../routers/billing';
import { calculatorRouter } from '../routers/calculator';
import { companyRouter } from '../routers/company';
import { emailsRouter } from '../routers/emails';
import { finderRouter } from '../routers/finder';
import { invitationsRouter } from '../routers/invitations';
import { joinRouter } from '../routers/join';
import { leadsRouter } from '../routers/leads';
import { marginRouter } from '../routers/margin';
import { marketRouter } from '../routers/market';
import { packsRouter } from '../routers/packs';
import { reportsRouter } from '../routers/reports';
import { salesforceRouter } from '../routers/salesforce';
import { seatsRouter } from '../routers/seats';
import { teamRouter } from '../routers/team';
import { router } from './procedures';

export const appRouter = router({
  activity: activityRouter,
  alerts: alertsRouter,
  auth: authRouter,
  billing: billingRouter,
  calculator: calculatorRouter,
  company: companyRouter,
  emails: emailsRouter,
  finder: finderRouter,
  invitations: invitationsRouter,
  join: joinRouter,
  leads: leadsRouter,
  margin: marginRouter,
  market: marketRouter,
  packs: packsRouter,
  reports: reportsRouter,
  salesforce: salesforceRouter,
  seats: seatsRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;

import { ACTIVITY_VIEWS, type ActivityView } from '@pippitch/shared/activity-periods';
import { isIsoDate } from '@pippitch/shared/time';
import { createFileRoute } from '@tanstack/react-router';
import { UserActivityPage } from '../../../features/activity/UserActivityPage';

export interface UserActivitySearch {
  view?: ActivityView;
  date?: string;
}

/** ?view=daily|weekly|monthly&date=YYYY-MM-DD (a day inside the period); anything else is ignored. */
export const Route = createFileRoute('/_app/admin/user/$userId')({
  validateSearch: (search: Record<string, unknown>): UserActivitySearch => ({
    ...(ACTIVITY_VIEWS.includes(search.view as ActivityView) ? { view: search.view as ActivityView } : {}),
    ...(typeof search.date === 'string' && isIsoDate(search.date) ? { date: search.date } : {}),
  }),
  component: UserActivityPage,
});

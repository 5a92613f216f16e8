import { ACTIVITY_VIEWS } from '@pippitch/shared/activity-views';
import { createFileRoute } from '@tanstack/react-router';
import { UserActivityPage } from '../../../features/activity/UserActivityPage';
import { isoDate, oneOf, searchParams } from '../../../lib/search-params';

/** ?view=daily|weekly|monthly&date=YYYY-MM-DD (a day inside the period); anything else is ignored. */
export const Route = createFileRoute('/_app/admin/user/$userId')({
  validateSearch: searchParams({ view: oneOf(ACTIVITY_VIEWS), date: isoDate }),
  component: UserActivityPage,
});

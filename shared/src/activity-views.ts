// Apart from activity-periods.ts so that the user activity route's search-param check (in the first script every
// page loads) does not bring the period arithmetic and London time with it (the calculator's initial-JS budget).
export const ACTIVITY_VIEWS = ['daily', 'weekly', 'monthly'] as const;
export type ActivityView = (typeof ACTIVITY_VIEWS)[number];

export const ACTIVITY_VIEW_LABELS: Record<ActivityView, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

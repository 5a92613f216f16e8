import type { AppRouter } from '@pippitch/server';
import { growthTone } from '@pippitch/shared/growth';
import type { inferRouterOutputs } from '@trpc/server';

export type DashboardData = inferRouterOutputs<AppRouter>['activity']['dashboard'];
export type UserActivityData = inferRouterOutputs<AppRouter>['activity']['user'];
export type ActivityCalculation = UserActivityData['calculations'][number];

/** Green for a rise, red for a fall, grey for no change. */
export function growthClass(text: string): string {
  const tone = growthTone(text);
  return tone === 'up' ? 'text-green-700' : tone === 'down' ? 'text-red-700' : 'text-slate-500';
}

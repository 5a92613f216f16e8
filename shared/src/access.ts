/**
 * Who may see what: company access (spec §4 "Company access") and the protected-route gate (spec §2).
 * The server enforces these for every procedure; the web gate only mirrors them to route people.
 */

/** A member's role as the API and the web say it (the database stores brokers as 'junior': core/src/services/stored-role.ts). */
export type RoleType = 'broker' | 'admin' | 'super_admin';

/** What a caller reads when a rule below keeps them out: the server's answers and the pages' notices alike. */
export const ACCESS_MESSAGES = {
  signIn: 'Please sign in to continue',
  accountLocked: 'Your company account is locked. Start a new subscription to continue.',
  noAdminAccess: 'You do not have admin access',
  superAdminOnly: 'Only the super admin can manage seats',
  companyFinderRequired:
    'This feature requires the Company Finder add-on. Please contact your admin to enable this feature.',
  /** What an admin (who can turn it on) reads instead (issue 22). */
  companyFinderRequiredAdmin:
    'This feature requires the Company Finder add-on. Turn it on in Account Management (Add-ons).',
} as const;

export const ROLE_LABELS: Record<RoleType, string> = {
  broker: 'broker',
  admin: 'admin',
  super_admin: 'super admin',
};

export function isAdminRole(role: RoleType): boolean {
  return role === 'admin' || role === 'super_admin';
}

export interface CompanyAccessFacts {
  accountLocked: boolean;
  subscriptionStatus: string;
  subscriptionActive: boolean;
  /** ISO timestamp or null */
  trialEndsAt: string | null;
}

export type CompanyAccess = 'granted' | 'locked';

/**
 * A trial grants access until trial_ends_at; a paid plan while subscription_active. A locked flag always
 * wins. (The spec's "active or trial in the future" would let a trial run for ever, since signup also sets
 * subscription_active; the trial end is what decides for a trialing company.)
 */
export function companyAccess(facts: CompanyAccessFacts, now: Date = new Date()): CompanyAccess {
  if (facts.accountLocked) return 'locked';
  if (facts.subscriptionStatus === 'trialing') {
    return facts.trialEndsAt && new Date(facts.trialEndsAt) > now ? 'granted' : 'locked';
  }
  return facts.subscriptionActive ? 'granted' : 'locked';
}

export function trialDaysLeft(trialEndsAt: string | null, now: Date = new Date()): number {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((new Date(trialEndsAt).getTime() - now.getTime()) / 86_400_000));
}

export type RouteRule = 'protected' | 'admin' | 'super_admin' | 'signed_in';

export interface Viewer {
  role: RoleType;
  access: CompanyAccess;
}

export type GateDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/login' | '/calculator' | '/admin' | '/pricing' }
  | { kind: 'locked' };

/**
 * The protected-route gate. Signed-out visitors go to /login (the calculator's own rule, applied to
 * every protected page so nobody lands on a sales page when they meant to sign in); a broker on an admin
 * page goes to /calculator; a non-super-admin on /admin/seats goes to /admin; a locked company sees the
 * 'Account Locked' page. `signed_in` pages (checkout) are reachable by a locked company so it can pay.
 */
export function gate(viewer: Viewer | null, rule: RouteRule): GateDecision {
  if (!viewer) return { kind: 'redirect', to: '/login' };
  if (rule === 'signed_in') return { kind: 'allow' };
  if (rule === 'admin' && !isAdminRole(viewer.role)) return { kind: 'redirect', to: '/calculator' };
  if (rule === 'super_admin' && viewer.role !== 'super_admin') {
    return { kind: 'redirect', to: isAdminRole(viewer.role) ? '/admin' : '/calculator' };
  }
  if (viewer.access === 'locked') return { kind: 'locked' };
  return { kind: 'allow' };
}

/** Where a member lands after signing in or accepting an invitation. */
export function homeFor(role: RoleType, mode: 'user' | 'admin' = isAdminRole(role) ? 'admin' : 'user'): string {
  return mode === 'admin' && isAdminRole(role) ? '/admin' : '/calculator';
}

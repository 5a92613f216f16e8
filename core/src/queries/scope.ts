import type { Actor } from '../services/actor';

/**
 * Whose rows a query may touch (issue 36 §2). Every query function takes one, `(db, scope, params)`, and filters by
 * it; a service gets one only from the caller's `Actor` (`scopeOf`) or, in a job that acts for no one, from a named
 * system task (`systemScope`, greppable by its name). The brand is a symbol this file does not export, so no other
 * file can write a scope as an object literal: `{ companyId }` from the browser cannot become one
 * (`server/test/query-scope.unit.test.ts` shows the compiler refusing it, and no file but this one casts to Scope).
 */
declare const SCOPE: unique symbol;

export interface Scope {
  /** The company whose rows are in reach. */
  readonly companyId: string;
  /** The member acting, or null for a system task. */
  readonly userId: string | null;
  /** 'member', or the system task's name. */
  readonly by: 'member' | SystemTask;
  readonly [SCOPE]: true;
}

/** The jobs that act on a company's rows for no member; add one here to make a scope for it. */
export type SystemTask =
  | 'system:retention'
  | 'system:reports'
  | 'system:crm-export'
  | 'system:reprice'
  | 'system:rotate-secrets'
  | 'system:margin-digest'
  | 'system:demo-history'
  /** A provider's billing event, and the billing jobs (trial ends, checkout follow-ups): the company the event names. */
  | 'system:billing'
  /** Joining by an invitation link: the token names the company, before its holder is a member. */
  | 'system:join'
  /** A company's sign-up: the owner is written into the company just created. */
  | 'system:signup'
  /** The session watcher re-checking one company's open streams after its access changed. */
  | 'system:session-watch'
  /** A prospect's page opened by a live share link: the link names the company whose logo it shows. */
  | 'system:pack-share';

/** The caller's scope: their company, and them. */
export function scopeOf(actor: Actor): Scope {
  return { companyId: actor.companyId, userId: actor.userId, by: 'member' } as Scope;
}

/** A job's scope over one company's rows, named for the task. */
export function systemScope(task: SystemTask, companyId: string): Scope {
  return { companyId, userId: null, by: task } as Scope;
}

/**
 * The router's procedures, found by walking it (a procedure added later is covered by every test that uses this),
 * with a plausible input for each and the base procedure it starts from.
 */
import { randomUUID } from 'node:crypto';
import {
  adminProcedure,
  authedProcedure,
  billingAdminProcedure,
  companyFinderProcedure,
  memberProcedure,
  publicProcedure,
  superAdminProcedure,
} from '../src/api/trpc/procedures';
import { appRouter } from '../src/api/trpc/router';

export interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: { safeParse(v: unknown): { success: boolean }; _zod?: { def: ZodDef } }[];
}
export interface ZodDef {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  innerType?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  in?: { _zod: { def: ZodDef } };
  element?: { _zod: { def: ZodDef } };
  entries?: Record<string, string>;
  values?: unknown[];
}

export const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures,
).map(([path, p]) => ({ path, def: p._def }));

/** A plausible value for a schema, so that mutating one key at a time reaches the checks behind the first. */
export function plausible(def: ZodDef | undefined, schema?: { safeParse(v: unknown): { success: boolean } }): unknown {
  if (!def) return undefined;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([k, v]) => [k, plausible(v._zod.def, v as never)]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'nonoptional':
      return plausible(def.innerType?._zod.def, def.innerType as never);
    case 'pipe':
      return plausible(def.in?._zod.def, def.in as never);
    case 'union':
      return plausible(def.options?.[0]?._zod.def, def.options?.[0] as never);
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [plausible(def.element?._zod.def, def.element as never)];
    case 'boolean':
      return true;
    case 'number':
      return [1, 52, 0].find((n) => !schema || schema.safeParse(n).success) ?? 1;
    case 'string':
      return (
        [
          'Acme Ltd',
          randomUUID(),
          'someone@example.co.uk',
          '2025-03-30',
          '12:00',
          '1.2700',
          'monthly',
          'x'.repeat(40),
        ].find((s) => !schema || schema.safeParse(s).success) ?? 'x'
      );
    default:
      return 'x';
  }
}

export type Base = 'public' | 'authed' | 'member' | 'admin' | 'billingAdmin' | 'superAdmin' | 'companyFinder';

const BASES: [Base, unknown][] = [
  ['public', publicProcedure],
  ['authed', authedProcedure],
  ['member', memberProcedure],
  ['admin', adminProcedure],
  ['billingAdmin', billingAdminProcedure],
  ['superAdmin', superAdminProcedure],
  ['companyFinder', companyFinderProcedure],
];

const middlewaresOf = (p: unknown) => (p as { _def: { middlewares: unknown[] } })._def.middlewares;

/** The named base procedure a procedure starts from: the longest whose middlewares begin its own. */
export function baseOf(def: ProcedureDef): Base {
  const own = (def as unknown as { middlewares: unknown[] }).middlewares;
  let best: { base: Base; length: number } = { base: 'public', length: -1 };
  for (const [base, procedure] of BASES) {
    const chain = middlewaresOf(procedure);
    if (chain.length > best.length && chain.every((m, i) => own[i] === m)) best = { base, length: chain.length };
  }
  return best.base;
}

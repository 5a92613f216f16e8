import type { Database } from '@pippitch/sql';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';

/**
 * The leads aggregate (`user_leads`): a broker's own pipeline, so every query is within the scope's member (a lead
 * of anyone else is simply not found). One mapping from the row to the record's words, and one back for details.
 */

/** The optional facts a lead may carry from the finder (undefined: left as it is). */
export interface LeadDetails {
  companyNumber?: string | null | undefined;
  industry?: string | null | undefined;
  sicCodes?: string[] | undefined;
  estimatedSize?: string | null | undefined;
  location?: string | null | undefined;
  postcode?: string | null | undefined;
}

export interface LeadRecord {
  id: string;
  name: string;
  normalizedName: string;
  companyNumber: string | null;
  contacted: boolean;
  source: string;
  firstAddedAt: Date;
  lastContactedAt: Date | null;
  industry: string | null;
  sicCodes: string[];
  estimatedSize: string | null;
  location: string | null;
  postcode: string | null;
}

/** The one mapping from a `user_leads` row to the record's words. */
function leadOf(r: {
  id: string;
  custom_name: string;
  normalized_name: string;
  company_number: string | null;
  contacted: boolean;
  source: string;
  first_added_at: Date;
  last_contacted_at: Date | null;
  industry: string | null;
  sic_codes: string[];
  estimated_size: string | null;
  location: string | null;
  postcode: string | null;
}): LeadRecord {
  return {
    id: r.id,
    name: r.custom_name,
    normalizedName: r.normalized_name,
    companyNumber: r.company_number,
    contacted: r.contacted,
    source: r.source,
    firstAddedAt: r.first_added_at,
    lastContactedAt: r.last_contacted_at,
    industry: r.industry,
    sicCodes: r.sic_codes,
    estimatedSize: r.estimated_size,
    location: r.location,
    postcode: r.postcode,
  };
}

/** The columns a lead's details set, and only those given. */
function detailColumns(d: LeadDetails) {
  return {
    ...(d.companyNumber !== undefined && { company_number: d.companyNumber }),
    ...(d.industry !== undefined && { industry: d.industry }),
    ...(d.sicCodes !== undefined && { sic_codes: d.sicCodes }),
    ...(d.estimatedSize !== undefined && { estimated_size: d.estimatedSize }),
    ...(d.location !== undefined && { location: d.location }),
    ...(d.postcode !== undefined && { postcode: d.postcode }),
  };
}

export interface ListedLead extends LeadRecord {
  /** The broker's newest calculation for the lead's name, as the database writes it. */
  lastCalculatedAt: Date | string | null;
  /** The overnight re-pricing's flag, while set: the change and the calculation it was measured on. */
  repricing: { changePct: string; calculatedAt: Date } | null;
}

/** The member's leads, newest first, each with their latest calculation for it and any re-pricing flag. */
export async function listLeadRecords(db: Database, scope: Scope): Promise<ListedLead[]> {
  const userId = ownerOf(scope);
  const rows = await db
    .selectFrom('user_leads as l')
    .selectAll('l')
    .select((eb) =>
      eb
        .selectFrom('calculations as c')
        .select((e) => e.fn.max('c.created_at').as('m'))
        .whereRef('c.normalized_client_name', '=', 'l.normalized_name')
        .where('c.user_id', '=', userId)
        .as('last_calculated_at'),
    )
    .leftJoin('lead_repricings as r', (j) => j.onRef('r.lead_id', '=', 'l.id').on('r.flagged_since', 'is not', null))
    .select(['r.change_pct', 'r.calculated_at as repriced_calculation_at'])
    .where('l.user_id', '=', userId)
    .orderBy('l.first_added_at', 'desc')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    ...leadOf(r),
    lastCalculatedAt: r.last_calculated_at ?? null,
    repricing:
      r.change_pct !== null && r.repriced_calculation_at
        ? { changePct: r.change_pct, calculatedAt: r.repriced_calculation_at }
        : null,
  }));
}

/** The member's lead counts: all, contacted, from the calculator, from search. */
export async function countLeadRecords(db: Database, scope: Scope) {
  const row = await db
    .selectFrom('user_leads')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('contacted', '=', true).as('contacted'),
      eb.fn.countAll<number>().filterWhere('source', '=', 'calculator').as('fromCalculator'),
      eb.fn.countAll<number>().filterWhere('source', 'in', ['manual_search', 'similar_results']).as('fromSearch'),
    ])
    .where('user_id', '=', ownerOf(scope))
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    contacted: Number(row.contacted),
    fromCalculator: Number(row.fromCalculator),
    fromSearch: Number(row.fromSearch),
  };
}

/** The names of the member's leads (for matching and the finder's exclusions). */
export async function leadNameRecords(
  db: Database,
  scope: Scope,
): Promise<{ id: string; name: string; normalized: string }[]> {
  const rows = await db
    .selectFrom('user_leads')
    .select(['id', 'custom_name', 'normalized_name'])
    .where('user_id', '=', ownerOf(scope))
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.custom_name, normalized: r.normalized_name }));
}

/** The member's own lead's id, or null (another member's lead is not found). */
export async function ownLeadId(db: Database, scope: Scope, leadId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_leads')
    .select('id')
    .where('id', '=', leadId)
    .where('user_id', '=', ownerOf(scope))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Marks one of the member's leads contacted now, with any details given. */
export async function markLeadContacted(
  db: Database,
  scope: Scope,
  id: string,
  details: LeadDetails,
  now: Date,
): Promise<void> {
  await db
    .updateTable('user_leads')
    .set({ contacted: true, last_contacted_at: now, updated_at: now, ...detailColumns(details) })
    .where('id', '=', id)
    .where('user_id', '=', ownerOf(scope))
    .execute();
}

/** A new lead's row: the scope's member's, with the details given. */
function newLead(scope: Scope, lead: { name: string; normalizedName: string; source: string; details: LeadDetails }) {
  return {
    user_id: ownerOf(scope),
    custom_name: lead.name,
    normalized_name: lead.normalizedName,
    source: lead.source,
    ...detailColumns(lead.details),
  };
}

/** Adds a contacted lead from the calculator; a lead of the same name (a race) is marked contacted instead. */
export async function upsertContactedLead(
  db: Database,
  scope: Scope,
  lead: { name: string; normalizedName: string; details: LeadDetails },
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('user_leads')
    .values({ ...newLead(scope, { ...lead, source: 'calculator' }), contacted: true, last_contacted_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'normalized_name'])
        .doUpdateSet({ contacted: true, last_contacted_at: now, updated_at: now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a lead not yet contacted; a lead of the same name already there fails as a unique violation. */
export async function insertLead(
  db: Database,
  scope: Scope,
  lead: { name: string; normalizedName: string; source: string; details: LeadDetails },
): Promise<{ id: string; name: string }> {
  const row = await db
    .insertInto('user_leads')
    .values(newLead(scope, lead))
    .returning(['id', 'custom_name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.custom_name };
}

/** Marks the member's named leads contacted or not; returns how many of them were theirs. */
export async function setLeadsContacted(
  db: Database,
  scope: Scope,
  ids: readonly string[],
  contacted: boolean,
  now: Date,
): Promise<number> {
  const res = await db
    .updateTable('user_leads')
    .set({ contacted, updated_at: now, ...(contacted ? { last_contacted_at: now } : {}) })
    .where('user_id', '=', ownerOf(scope))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes the member's named leads; returns how many of them were theirs. */
export async function deleteLeadRecords(db: Database, scope: Scope, ids: readonly string[]): Promise<number> {
  const res = await db
    .deleteFrom('user_leads')
    .where('user_id', '=', ownerOf(scope))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

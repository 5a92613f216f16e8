/**
 * My Leads: every query is scoped to one broker (user_id). Names are matched with the one shared
 * normaliser and matcher (shared/src/names.ts), so 'Acme Ltd' and 'ACME Limited' are one lead.
 */

import { repriceMessage } from '@pippitch/shared/alerts';
import { LEAD_MESSAGES } from '@pippitch/shared/lead-messages';
import { findMatchingItem, normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { isUniqueViolation } from '../db-errors';

export type LeadSource = 'calculator' | 'manual_search' | 'similar_results';

export interface LeadDetails {
  companyNumber?: string | null | undefined;
  industry?: string | null | undefined;
  sicCodes?: string[] | undefined;
  estimatedSize?: string | null | undefined;
  location?: string | null | undefined;
  postcode?: string | null | undefined;
}

export interface Lead {
  id: string;
  name: string;
  normalizedName: string;
  companyNumber: string | null;
  contacted: boolean;
  source: LeadSource;
  firstAddedAt: string;
  lastContactedAt: string | null;
  lastCalculatedAt: string | null;
  industry: string | null;
  sicCodes: string[];
  estimatedSize: string | null;
  location: string | null;
  postcode: string | null;
  /** The overnight re-pricing's call-back flag ('Saving up 14 % since 3 Nov: call back'), while it applies. */
  alert: string | null;
}

/** The broker's leads, newest first, each with the date of its latest calculation and any re-pricing flag. */
export async function listLeads(db: Database, userId: string): Promise<Lead[]> {
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
    id: r.id,
    name: r.custom_name,
    normalizedName: r.normalized_name,
    companyNumber: r.company_number,
    contacted: r.contacted,
    source: r.source as LeadSource,
    firstAddedAt: r.first_added_at.toISOString(),
    lastContactedAt: r.last_contacted_at?.toISOString() ?? null,
    lastCalculatedAt: r.last_calculated_at ? new Date(r.last_calculated_at).toISOString() : null,
    industry: r.industry,
    sicCodes: r.sic_codes,
    estimatedSize: r.estimated_size,
    location: r.location,
    postcode: r.postcode,
    // A calculation made since the re-pricing is the new baseline: its flag no longer applies.
    alert:
      r.change_pct !== null &&
      r.repriced_calculation_at &&
      (!r.last_calculated_at || new Date(r.last_calculated_at) <= r.repriced_calculation_at)
        ? repriceMessage(r.change_pct, r.repriced_calculation_at)
        : null,
  }));
}

export async function leadStats(db: Database, userId: string) {
  const row = await db
    .selectFrom('user_leads')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('contacted', '=', true).as('contacted'),
      eb.fn.countAll<number>().filterWhere('source', '=', 'calculator').as('fromCalculator'),
      eb.fn.countAll<number>().filterWhere('source', 'in', ['manual_search', 'similar_results']).as('fromSearch'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const contacted = Number(row.contacted);
  return {
    total,
    contacted,
    notContacted: total - contacted,
    fromCalculator: Number(row.fromCalculator),
    fromSearch: Number(row.fromSearch),
  };
}

/** Names of the broker's leads (for finder exclusions and matching). */
export async function leadNames(
  db: Database,
  userId: string,
): Promise<{ id: string; name: string; normalized: string }[]> {
  const rows = await db
    .selectFrom('user_leads')
    .select(['id', 'custom_name', 'normalized_name'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.custom_name, normalized: r.normalized_name }));
}

function detailColumns(d: LeadDetails) {
  const out: Record<string, unknown> = {};
  if (d.companyNumber !== undefined) out.company_number = d.companyNumber;
  if (d.industry !== undefined) out.industry = d.industry;
  if (d.sicCodes !== undefined) out.sic_codes = d.sicCodes;
  if (d.estimatedSize !== undefined) out.estimated_size = d.estimatedSize;
  if (d.location !== undefined) out.location = d.location;
  if (d.postcode !== undefined) out.postcode = d.postcode;
  return out;
}

/**
 * From the calculator (spec §4 Lead): a matching lead is marked contacted and its details updated;
 * otherwise the client is added as contacted. Runs inside the calculation's transaction.
 */
export async function recordCalculatorLead(
  db: Database,
  userId: string,
  clientName: string,
  details: LeadDetails = {},
): Promise<{ id: string; status: 'added' | 'contacted'; name: string; message: string } | null> {
  const normalized = normaliseCompanyName(clientName);
  if (!normalized) return null;
  const now = new Date();
  const existing = findMatchingItem(clientName, await leadNames(db, userId), (l) => l.name);
  if (existing) {
    await db
      .updateTable('user_leads')
      .set({ contacted: true, last_contacted_at: now, updated_at: now, ...detailColumns(details) })
      .where('id', '=', existing.id)
      .where('user_id', '=', userId)
      .execute();
    return {
      id: existing.id,
      status: 'contacted',
      name: existing.name,
      message: LEAD_MESSAGES.contacted(existing.name),
    };
  }
  const row = await db
    .insertInto('user_leads')
    .values({
      user_id: userId,
      custom_name: clientName,
      normalized_name: normalized,
      contacted: true,
      last_contacted_at: now,
      source: 'calculator',
      ...detailColumns(details),
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'normalized_name'])
        .doUpdateSet({ contacted: true, last_contacted_at: now, updated_at: now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, status: 'added', name: clientName, message: LEAD_MESSAGES.added(clientName) };
}

/** From search or similar results: added as not contacted, unless a matching lead exists. */
export async function addLead(
  db: Database,
  userId: string,
  input: { name: string; source: 'manual_search' | 'similar_results' } & LeadDetails,
): Promise<{ status: 'added' | 'exists'; lead: { id: string; name: string }; message: string }> {
  const normalized = normaliseCompanyName(input.name);
  if (!normalized) throw badRequest(LEAD_MESSAGES.enterName);
  const existing = findMatchingItem(input.name, await leadNames(db, userId), (l) => l.name);
  if (existing)
    return {
      status: 'exists',
      lead: { id: existing.id, name: existing.name },
      message: LEAD_MESSAGES.already(existing.name),
    };
  try {
    const row = await db
      .insertInto('user_leads')
      .values({
        user_id: userId,
        custom_name: input.name,
        normalized_name: normalized,
        source: input.source,
        ...detailColumns(input),
      })
      .returning(['id', 'custom_name'])
      .executeTakeFirstOrThrow();
    return {
      status: 'added',
      lead: { id: row.id, name: row.custom_name },
      message: LEAD_MESSAGES.added(row.custom_name),
    };
  } catch (err) {
    if (isUniqueViolation(err))
      return { status: 'exists', lead: { id: '', name: input.name }, message: LEAD_MESSAGES.already(input.name) };
    throw err;
  }
}

/** Marks leads contacted or not; returns how many of the given ids were the broker's and changed. */
export async function setContacted(db: Database, userId: string, ids: string[], contacted: boolean): Promise<number> {
  if (ids.length === 0) throw badRequest(LEAD_MESSAGES.selectSome);
  const now = new Date();
  const res = await db
    .updateTable('user_leads')
    .set({ contacted, updated_at: now, ...(contacted ? { last_contacted_at: now } : {}) })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteLeads(db: Database, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) throw badRequest(LEAD_MESSAGES.selectSome);
  const res = await db.deleteFrom('user_leads').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

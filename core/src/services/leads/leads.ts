/**
 * My Leads: a broker's own pipeline, every read and write within the actor's own leads (queries/leads/leads.ts).
 * Names are matched with the one shared normaliser and matcher (shared/src/names.ts), so 'Acme Ltd' and
 * 'ACME Limited' are one lead.
 */

import { repriceMessage } from '@pippitch/shared/alerts';
import { LEAD_MESSAGES } from '@pippitch/shared/lead-messages';
import { findMatchingItem, normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import {
  countLeadRecords,
  deleteLeadRecords,
  insertLead,
  type LeadDetails,
  leadNameRecords,
  listLeadRecords,
  markLeadContacted,
  setLeadsContacted,
  upsertContactedLead,
} from '../../queries/leads/leads';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { isUniqueViolation } from '../db-errors';

export type { LeadDetails } from '../../queries/leads/leads';

export type LeadSource = 'calculator' | 'manual_search' | 'similar_results';

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
export async function listLeads(db: Database, actor: Actor): Promise<Lead[]> {
  const rows = await listLeadRecords(db, scopeOf(actor));
  return rows.map(({ lastCalculatedAt, repricing, ...r }) => {
    const calculated = lastCalculatedAt ? new Date(lastCalculatedAt) : null;
    return {
      ...r,
      source: r.source as LeadSource,
      firstAddedAt: r.firstAddedAt.toISOString(),
      lastContactedAt: r.lastContactedAt?.toISOString() ?? null,
      lastCalculatedAt: calculated?.toISOString() ?? null,
      // A calculation made since the re-pricing is the new baseline: its flag no longer applies.
      alert:
        repricing && (!calculated || calculated <= repricing.calculatedAt)
          ? repriceMessage(repricing.changePct, repricing.calculatedAt)
          : null,
    };
  });
}

export async function leadStats(db: Database, actor: Actor) {
  const counts = await countLeadRecords(db, scopeOf(actor));
  return {
    total: counts.total,
    contacted: counts.contacted,
    notContacted: counts.total - counts.contacted,
    fromCalculator: counts.fromCalculator,
    fromSearch: counts.fromSearch,
  };
}

/** Names of the broker's leads (for finder exclusions and matching). */
export function leadNames(db: Database, actor: Actor): Promise<{ id: string; name: string; normalized: string }[]> {
  return leadNameRecords(db, scopeOf(actor));
}

/**
 * From the calculator (spec §4 Lead): a matching lead is marked contacted and its details updated;
 * otherwise the client is added as contacted. Runs inside the calculation's transaction.
 */
export async function recordCalculatorLead(
  db: Database,
  actor: Actor,
  clientName: string,
  details: LeadDetails = {},
): Promise<{ id: string; status: 'added' | 'contacted'; name: string; message: string } | null> {
  const normalized = normaliseCompanyName(clientName);
  if (!normalized) return null;
  const now = new Date();
  const scope = scopeOf(actor);
  const existing = findMatchingItem(clientName, await leadNameRecords(db, scope), (l) => l.name);
  if (existing) {
    await markLeadContacted(db, scope, existing.id, details, now);
    return {
      id: existing.id,
      status: 'contacted',
      name: existing.name,
      message: LEAD_MESSAGES.contacted(existing.name),
    };
  }
  const id = await upsertContactedLead(db, scope, { name: clientName, normalizedName: normalized, details }, now);
  return { id, status: 'added', name: clientName, message: LEAD_MESSAGES.added(clientName) };
}

/** From search or similar results: added as not contacted, unless a matching lead exists. */
export async function addLead(
  db: Database,
  actor: Actor,
  input: { name: string; source: 'manual_search' | 'similar_results' } & LeadDetails,
): Promise<{ status: 'added' | 'exists'; lead: { id: string; name: string }; message: string }> {
  const normalized = normaliseCompanyName(input.name);
  if (!normalized) throw badRequest(LEAD_MESSAGES.enterName);
  const scope = scopeOf(actor);
  const existing = findMatchingItem(input.name, await leadNameRecords(db, scope), (l) => l.name);
  if (existing)
    return {
      status: 'exists',
      lead: { id: existing.id, name: existing.name },
      message: LEAD_MESSAGES.already(existing.name),
    };
  try {
    const { name, source, ...details } = input;
    const lead = await insertLead(db, scope, { name, normalizedName: normalized, source, details });
    return { status: 'added', lead, message: LEAD_MESSAGES.added(lead.name) };
  } catch (err) {
    if (isUniqueViolation(err))
      return { status: 'exists', lead: { id: '', name: input.name }, message: LEAD_MESSAGES.already(input.name) };
    throw err;
  }
}

/** Marks leads contacted or not; returns how many of the given ids were the broker's and changed. */
export async function setContacted(db: Database, actor: Actor, ids: string[], contacted: boolean): Promise<number> {
  if (ids.length === 0) throw badRequest(LEAD_MESSAGES.selectSome);
  return setLeadsContacted(db, scopeOf(actor), ids, contacted, new Date());
}

export async function deleteLeads(db: Database, actor: Actor, ids: string[]): Promise<number> {
  if (ids.length === 0) throw badRequest(LEAD_MESSAGES.selectSome);
  return deleteLeadRecords(db, scopeOf(actor), ids);
}

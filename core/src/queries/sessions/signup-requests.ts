import type { Database } from '@pippitch/sql';
import { claimOnce, openLink } from './single-use';

/**
 * Verify-first sign-up requests (`signup_requests`): a wizard's answers waiting for the e-mailed link. No company or
 * member exists yet, so no scope: a request is found by its link's token hash alone, which only its holder has.
 */
export interface SignupRequestRecord {
  email: string;
  companyName: string;
  companyDomain: string;
  fullName: string;
  billingPeriod: string;
  adminSeats: number;
  brokerSeats: number;
  companyFinder: boolean;
  clientData: boolean;
}

/** The one mapping from a `signup_requests` row to the record's words. */
function requestOf(r: {
  email: string;
  company_name: string;
  company_domain: string;
  full_name: string;
  billing_period: string;
  admin_seats: number;
  broker_seats: number;
  company_finder: boolean;
  client_data: boolean;
}): SignupRequestRecord {
  return {
    email: r.email,
    companyName: r.company_name,
    companyDomain: r.company_domain,
    fullName: r.full_name,
    billingPeriod: r.billing_period,
    adminSeats: r.admin_seats,
    brokerSeats: r.broker_seats,
    companyFinder: r.company_finder,
    clientData: r.client_data,
  };
}

/** Stores a request for the link whose token hashes to `tokenHash`. */
export async function insertSignupRequest(
  trx: Database,
  request: SignupRequestRecord & { tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('signup_requests')
    .values({
      token_hash: request.tokenHash,
      email: request.email,
      company_name: request.companyName,
      company_domain: request.companyDomain,
      full_name: request.fullName,
      billing_period: request.billingPeriod,
      admin_seats: request.adminSeats,
      broker_seats: request.brokerSeats,
      company_finder: request.companyFinder,
      client_data: request.clientData,
      created_at: request.createdAt,
      expires_at: request.expiresAt,
    })
    .execute();
}

/** Deletes the requests (of anyone) expired before `now`. */
export async function deleteExpiredSignupRequests(trx: Database, now: Date): Promise<void> {
  await trx.deleteFrom('signup_requests').where('expires_at', '<', now).execute();
}

/** The unused, unexpired request of the link, or undefined. */
export async function findOpenSignupRequest(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SignupRequestRecord | undefined> {
  const row = await db.selectFrom('signup_requests').selectAll().where(openLink(tokenHash, now)).executeTakeFirst();
  return row && requestOf(row);
}

/** Claims the link's request at `now` (once: UPDATE … RETURNING), or undefined when it cannot be used. */
export async function claimSignupRequest(
  trx: Database,
  tokenHash: string,
  now: Date,
): Promise<SignupRequestRecord | undefined> {
  const row = await claimOnce(trx, 'signup_requests', tokenHash, now);
  return row && requestOf(row);
}

/**
 * `pnpm secrets:rotate`: reseals every stored secret (each company's Salesforce tokens) with SECRETS_KEY, opening
 * what SECRETS_KEY_PREVIOUS (or a value from before key ids) sealed. Safe to re-run and to run while servers and
 * workers work: a value already sealed with the current key is left alone, and each row is rewritten only if it
 * still holds what was read (a token refreshed meanwhile was sealed with the current key by its writer anyway).
 */
import type { Database } from '@pippitch/sql';
import { connectionRecord, listCompaniesWithConnection, resealConnection } from '../../queries/crm/connection';
import { type Scope, systemScope } from '../../queries/scope';
import { openSecret, type SecretKeys, SecretsKeyMissing, sealedWith, sealSecret } from './secret-box';

export interface RotationResult {
  /** Rows (connections) looked at. */
  checked: number;
  /** Rows resealed with the current key by this run. */
  resealed: number;
  /** Rows neither key opens: left as they are; their admins must reconnect (or the right previous key be given). */
  unreadable: string[];
}

type Sealed = { accessTokenEnc: string; refreshTokenEnc: string };

export async function rotateSecrets(db: Database, keys: SecretKeys): Promise<RotationResult> {
  const current = keys.current;
  if (!current) throw new SecretsKeyMissing();
  const companies = await listCompaniesWithConnection(db);
  const result: RotationResult = { checked: companies.length, resealed: 0, unreadable: [] };
  for (const companyId of companies) {
    const scope = systemScope('system:rotate-secrets', companyId);
    // A row changed between the read and the write (a token refresh) is read again, a few times at most.
    let row: Sealed | undefined = await connectionRecord(db, scope);
    for (let attempt = 0; row && attempt < 5; attempt++) {
      const outcome = await resealRow(db, scope, keys, current, row);
      if (outcome === 'changed') {
        row = await connectionRecord(db, scope);
        continue;
      }
      if (outcome === 'resealed') result.resealed += 1;
      if (outcome === 'unreadable') result.unreadable.push(companyId);
      break;
    }
  }
  return result;
}

async function resealRow(
  db: Database,
  scope: Scope,
  keys: SecretKeys,
  current: Buffer,
  row: Sealed,
): Promise<'current' | 'resealed' | 'unreadable' | 'changed'> {
  const fields = [row.accessTokenEnc, row.refreshTokenEnc];
  if (fields.every((sealed) => sealedWith(current, sealed))) return 'current';
  let access: string;
  let refresh: string;
  try {
    [access, refresh] = fields.map((sealed) =>
      sealedWith(current, sealed) ? sealed : sealSecret(current, openSecret(keys, sealed)),
    ) as [string, string];
  } catch {
    return 'unreadable';
  }
  const resealed = await resealConnection(db, scope, row, { accessTokenEnc: access, refreshTokenEnc: refresh });
  return resealed ? 'resealed' : 'changed';
}

/**
 * `pnpm secrets:rotate`: reseals every stored secret (each company's Salesforce tokens) with SECRETS_KEY, opening
 * what SECRETS_KEY_PREVIOUS (or a value from before key ids) sealed. Safe to re-run and to run while servers and
 * workers work: a value already sealed with the current key is left alone, and each row is rewritten only if it
 * still holds what was read (a token refreshed meanwhile was sealed with the current key by its writer anyway).
 */
import type { Database } from '@pippitch/sql';
import { openSecret, type SecretKeys, SecretsKeyMissing, sealedWith, sealSecret } from './secret-box';

export interface RotationResult {
  /** Rows (connections) looked at. */
  checked: number;
  /** Rows resealed with the current key by this run. */
  resealed: number;
  /** Rows neither key opens: left as they are; their admins must reconnect (or the right previous key be given). */
  unreadable: string[];
}

type Row = { company_id: string; access_token_enc: string; refresh_token_enc: string };

const COLUMNS = ['company_id', 'access_token_enc', 'refresh_token_enc'] as const;

export async function rotateSecrets(db: Database, keys: SecretKeys): Promise<RotationResult> {
  const current = keys.current;
  if (!current) throw new SecretsKeyMissing();
  const rows = await db.selectFrom('salesforce_connections').select(COLUMNS).orderBy('company_id').execute();
  const result: RotationResult = { checked: rows.length, resealed: 0, unreadable: [] };
  for (const first of rows) {
    // A row changed between the read and the write (a token refresh) is read again, a few times at most.
    let row: Row | undefined = first;
    for (let attempt = 0; row && attempt < 5; attempt++) {
      const outcome = await resealRow(db, keys, current, row);
      if (outcome === 'changed') {
        row = await db
          .selectFrom('salesforce_connections')
          .select(COLUMNS)
          .where('company_id', '=', row.company_id)
          .executeTakeFirst();
        continue;
      }
      if (outcome === 'resealed') result.resealed += 1;
      if (outcome === 'unreadable') result.unreadable.push(row.company_id);
      break;
    }
  }
  return result;
}

async function resealRow(
  db: Database,
  keys: SecretKeys,
  current: Buffer,
  row: Row,
): Promise<'current' | 'resealed' | 'unreadable' | 'changed'> {
  const fields = [row.access_token_enc, row.refresh_token_enc];
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
  const updated = await db
    .updateTable('salesforce_connections')
    .set({ access_token_enc: access, refresh_token_enc: refresh })
    .where('company_id', '=', row.company_id)
    .where('access_token_enc', '=', row.access_token_enc)
    .where('refresh_token_enc', '=', row.refresh_token_enc)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? 'resealed' : 'changed';
}

import { LOGO_MAX_BYTES, LOGO_MESSAGES, type LogoType, logoType } from '@pippitch/shared/logo';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import type { Actor } from '../actor';

/**
 * Sets or removes the caller's company logo (issue 22 §3). The bytes arrive base64-encoded; what they are is read
 * from the bytes themselves (PNG or JPEG), and the size is checked before anything is stored.
 */
export async function setCompanyLogo(db: Database, actor: Pick<Actor, 'companyId'>, base64: string) {
  if (base64 === '') {
    await db.updateTable('companies').set({ logo: null, logo_type: null }).where('id', '=', actor.companyId).execute();
    return { hasLogo: false, message: LOGO_MESSAGES.removed };
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.tooLarge, 'logo');
  const type = logoType(bytes);
  if (!type) throw badRequest(LOGO_MESSAGES.notImage, 'logo');
  await db.updateTable('companies').set({ logo: bytes, logo_type: type }).where('id', '=', actor.companyId).execute();
  return { hasLogo: true, message: LOGO_MESSAGES.saved };
}

/** A company's logo, or null. */
export async function companyLogo(db: Database, companyId: string): Promise<{ bytes: Buffer; type: LogoType } | null> {
  const row = await db
    .selectFrom('companies')
    .select(['logo', 'logo_type'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!row?.logo || !row.logo_type) return null;
  return { bytes: Buffer.from(row.logo), type: row.logo_type as LogoType };
}

/** Whether the caller's company has a logo (the account page's card). */
export async function hasCompanyLogo(db: Database, companyId: string): Promise<{ hasLogo: boolean }> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb('logo', 'is not', null).as('has'))
    .where('id', '=', companyId)
    .executeTakeFirst();
  return { hasLogo: Boolean(row?.has) };
}

import { LOGO_MAX_BYTES, LOGO_MESSAGES, type LogoType, logoType } from '@pippitch/shared/logo';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { companyHasLogo, readCompanyLogo, writeCompanyLogo } from '../../queries/companies/logo';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

/**
 * Sets or removes the caller's company logo (issue 22 §3). The bytes arrive base64-encoded; what they are is read
 * from the bytes themselves (PNG or JPEG), and the size is checked before anything is stored.
 */
export async function setCompanyLogo(db: Database, actor: Actor, base64: string) {
  if (base64 === '') {
    await writeCompanyLogo(db, scopeOf(actor), null);
    return { hasLogo: false, message: LOGO_MESSAGES.removed };
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.tooLarge, 'logo');
  const type = logoType(bytes);
  if (!type) throw badRequest(LOGO_MESSAGES.notImage, 'logo');
  await writeCompanyLogo(db, scopeOf(actor), { bytes, type });
  return { hasLogo: true, message: LOGO_MESSAGES.saved };
}

/** The caller's company's logo, or null (their packs' PDFs). */
export function companyLogo(db: Database, actor: Actor): Promise<{ bytes: Buffer; type: LogoType } | null> {
  return companyLogoIn(db, scopeOf(actor));
}

/** The scope's company's logo, or null: a shared pack's company, by its live link's scope (packs/shared-logo.ts). */
export async function companyLogoIn(db: Database, scope: Scope): Promise<{ bytes: Buffer; type: LogoType } | null> {
  const logo = await readCompanyLogo(db, scope);
  return logo ? { bytes: logo.bytes, type: logo.type as LogoType } : null;
}

/** Whether the caller's company has a logo (the account page's card). */
export async function hasCompanyLogo(db: Database, actor: Actor): Promise<{ hasLogo: boolean }> {
  return { hasLogo: await companyHasLogo(db, scopeOf(actor)) };
}

/**
 * The building blocks of every input schema, so the next field cannot forget a rule the database enforces:
 * text without NUL or other control characters (PostgreSQL refuses U+0000 in text), dates that exist on the
 * calendar, and ids in the shape the columns hold. Every zod schema for browser input is built from these.
 */
import { z } from 'zod';
import { isIsoDate } from './time';

// C0 controls except tab, newline and carriage return, plus DEL. U+0000 is the one PostgreSQL cannot store; the
// rest are never meant in a name, an e-mail or a search term, and would only confuse the people who read them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'contains characters that are not allowed';

/** True when text holds nothing PostgreSQL or a reader would choke on. */
export function isCleanText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/**
 * A text field: at most `max` characters, no control characters. `label` names the field in the message
 * ('Company name contains characters that are not allowed'). Trims unless `trim: false` (passwords).
 */
export function text(label: string, max: number, options: { trim?: boolean } = {}) {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isCleanText, `${label} ${CONTROL_CHARACTER_MESSAGE}`);
}

// What a name may never hold (issue 30): every control character (C0 with tab, CR and LF; DEL; C1), the line and
// paragraph separators, and the bidirectional embeddings, overrides and isolates. Names reach e-mail subjects,
// CSV rows and PDFs, where a line break starts a header or a row and an override turns the text around.
// Zero-width joiners stay: some scripts and emoji need them. The migration 0049 cleans stored names by the same set.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NAME_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** The one rule for names (companies, people, clients, leads): true when it holds none of NAME_FORBIDDEN. */
export function isCleanName(value: string): boolean {
  return !NAME_FORBIDDEN.test(value);
}

export const NAME_CHARACTER_MESSAGE = 'cannot contain line breaks, tabs or other control characters';

/**
 * A name field: text() with the stricter name rule ('Company name cannot contain line breaks, tabs or other
 * control characters'), judged before trimming, so 'Acme\r\n' is refused as well. Every name the browser sends
 * is built from this.
 */
export function nameText(label: string, max: number) {
  return z
    .string()
    .refine(isCleanName, `${label} ${NAME_CHARACTER_MESSAGE}`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
}

/** A required name field: `empty` is the message when it is blank. */
export function requiredName(label: string, max: number, empty: string) {
  return nameText(label, max).pipe(z.string().min(1, empty));
}

/** A required text field: `empty` is the message when it is blank. */
export function requiredText(label: string, max: number, empty: string) {
  return text(label, max).pipe(z.string().min(1, empty));
}

export const INVALID_DATE = 'Use a date like 2025-03-30';

/** 'YYYY-MM-DD' that exists on the calendar (not 2025-02-30, 0000-00-00 or 9999-99-99), years 1900–2999. */
export const isoDate = z
  .string()
  .max(10, INVALID_DATE)
  .refine((v) => isIsoDate(v) && v >= '1900-01-01' && v <= '2999-12-31', INVALID_DATE);

/** A row id the browser got from us earlier; anything else is simply not found. */
export const uuid = (message = 'Unknown item') => z.string().uuid(message);

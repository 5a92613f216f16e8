// Who operates PipPitch, as the Terms of Service and the Privacy Policy name it (issue 22 §4). The details come from
// the server's configuration (OPERATOR_* variables, core/src/config.ts): production refuses to start without them;
// development uses the clearly marked sample below. No placeholder ever reaches a page.

export interface OperatorDetails {
  /** The legal entity that sells the subscription and processes the data. */
  legalName: string;
  /** Companies House number (England and Wales). */
  companyNumber: string;
  registeredOffice: string;
  contactEmail: string;
  /** ICO registration (data protection fee) number. */
  icoRegistration: string;
  /** Optional: shown only when configured. */
  vatNumber: string | null;
  /** Where data-protection requests go; the contact e-mail when not set. */
  privacyEmail: string;
  /** True for the development sample: the pages say so at the top. */
  sample: boolean;
}

/** The environment variable of each required detail, in the order the error lists them. */
export const OPERATOR_VARIABLES = {
  legalName: 'OPERATOR_NAME',
  companyNumber: 'OPERATOR_COMPANY_NUMBER',
  registeredOffice: 'OPERATOR_ADDRESS',
  contactEmail: 'OPERATOR_EMAIL',
  icoRegistration: 'OPERATOR_ICO_NUMBER',
} as const;

/** Optional variables. */
export const OPERATOR_OPTIONAL_VARIABLES = {
  vatNumber: 'OPERATOR_VAT_NUMBER',
  privacyEmail: 'OPERATOR_PRIVACY_EMAIL',
} as const;

/** What development shows: fictitious, and every page that shows it says it is a sample. */
export const SAMPLE_OPERATOR: OperatorDetails = {
  legalName: 'Sample Operator Ltd (development sample)',
  companyNumber: '00000000',
  registeredOffice: '1 Sample Street, London EC1A 1AA',
  contactEmail: 'support@example.com',
  icoRegistration: 'ZA000000',
  vatNumber: null,
  privacyEmail: 'privacy@example.com',
  sample: true,
};

export const SAMPLE_OPERATOR_NOTICE =
  'Sample operator details (development only): a production server shows the details set in OPERATOR_NAME, OPERATOR_COMPANY_NUMBER, OPERATOR_ADDRESS, OPERATOR_EMAIL and OPERATOR_ICO_NUMBER.';

/** The date the current versions of the terms and the policy took effect. */
export const LEGAL_EFFECTIVE_DATE = '24 November 2026';

/** The id of the JSON data block the server puts in each public page, read by the browser without a request. */
export const OPERATOR_ELEMENT_ID = 'pippitch-operator';
/** The same as JSON, for a page reached by client-side navigation. */
export const OPERATOR_JSON_PATH = '/api/operator.json';

/**
 * The details from environment text: the missing required variables (none in a complete set) and the details
 * (null unless complete). Blank values count as missing.
 */
export function operatorFromEnv(env: Record<string, string | undefined>): {
  missing: string[];
  details: OperatorDetails | null;
} {
  const value = (name: string) => env[name]?.trim() || null;
  const missing = Object.values(OPERATOR_VARIABLES).filter((name) => !value(name));
  if (missing.length > 0) return { missing, details: null };
  const contactEmail = value(OPERATOR_VARIABLES.contactEmail) as string;
  return {
    missing,
    details: {
      legalName: value(OPERATOR_VARIABLES.legalName) as string,
      companyNumber: value(OPERATOR_VARIABLES.companyNumber) as string,
      registeredOffice: value(OPERATOR_VARIABLES.registeredOffice) as string,
      contactEmail,
      icoRegistration: value(OPERATOR_VARIABLES.icoRegistration) as string,
      vatNumber: value(OPERATOR_OPTIONAL_VARIABLES.vatNumber),
      privacyEmail: value(OPERATOR_OPTIONAL_VARIABLES.privacyEmail) ?? contactEmail,
      sample: false,
    },
  };
}

/** The one-line refusal of a production start without the details. */
export function operatorMissingMessage(missing: string[]): string {
  return `Invalid configuration: production needs the operator's details for the Terms and Privacy pages; set ${missing.join(', ')}`;
}

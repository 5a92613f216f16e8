// Who operates PipPitch, as the Terms of Service and the Privacy Policy name it. A real operator MUST replace every
// value marked [to be completed] before the site goes live: these are the one place the legal pages read them from.

const TO_COMPLETE = '[to be completed by the operator]';

export const OPERATOR = {
  /** The legal entity that sells the subscription and processes the data. */
  legalName: `PipPitch Ltd ${TO_COMPLETE}`,
  companyNumber: TO_COMPLETE,
  registeredOffice: TO_COMPLETE,
  vatNumber: TO_COMPLETE,
  /** ICO registration (data protection fee) number. */
  icoRegistration: TO_COMPLETE,
  contactEmail: 'support@pippitch.co.uk',
  privacyEmail: 'privacy@pippitch.co.uk',
  /** The date the current versions of the terms and the policy took effect. */
  effectiveDate: '24 November 2026',
} as const;

/** True while any operator detail is still a placeholder (the pages then say so at the top). */
export const OPERATOR_DETAILS_INCOMPLETE = Object.values(OPERATOR).some((v) => v.includes(TO_COMPLETE));

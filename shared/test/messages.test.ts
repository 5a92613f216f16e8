import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../src/access';
import { SALESFORCE_MESSAGES } from '../src/salesforce';

// Words that pointed people at the wrong thing (issue 22).
describe('messages point where the reader can act', () => {
  it('an admin is told to turn the add-on on in Account Management, not to contact their admin', () => {
    expect(ACCESS_MESSAGES.companyFinderRequiredAdmin).toContain('Account Management');
    expect(ACCESS_MESSAGES.companyFinderRequiredAdmin).not.toMatch(/contact your admin/i);
  });
  it('the Salesforce callback page has nothing below it: the message names the page with the export log', () => {
    expect(SALESFORCE_MESSAGES.notConfigured).not.toMatch(/below/);
    expect(SALESFORCE_MESSAGES.notConfigured).toContain('Salesforce settings page');
  });
});

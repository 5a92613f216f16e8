import { describe, expect, it } from 'vitest';
import { companyStep, normaliseDomain } from '../src/auth';

describe('the company domain as pasted (issue 22)', () => {
  it.each([
    ['https://www.Example-Brokers.co.uk/', 'example-brokers.co.uk'],
    ['http://example.co.uk/about?x=1', 'example.co.uk'],
    ['WWW.ACME-FX.COM.', 'acme-fx.com'],
    ['acmefx.co.uk:443', 'acmefx.co.uk'],
    ['  acmefx.co.uk  ', 'acmefx.co.uk'],
  ])('%s → %s', (pasted, domain) => {
    expect(normaliseDomain(pasted)).toBe(domain);
    expect(companyStep.parse({ companyName: 'Acme', companyDomain: pasted }).companyDomain).toBe(domain);
  });

  it('still refuses what is no domain', () => {
    for (const bad of ['acme', 'https://', '-acme.com', 'acme fx.com']) {
      expect(companyStep.safeParse({ companyName: 'Acme', companyDomain: bad }).success).toBe(false);
    }
  });
});

import type { Config } from '../../config';
import { SalesforceCrm } from './salesforce/provider';
import type { CrmProvider } from './types';

/** Salesforce when a connected app is configured; null otherwise: exports are kept in the export log only. */
export function createCrmProvider(config: Pick<Config, 'salesforce'>): CrmProvider | null {
  return config.salesforce ? new SalesforceCrm(config.salesforce) : null;
}

// What the server app and the worker use of this domain (@pippitch/core/providers/crm).
export type { CrmProvider } from './types';

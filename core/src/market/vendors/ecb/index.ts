/**
 * The ECB rates provider from the configuration. The bundled history file (core/data/fx) is the offline default
 * and is loaded at every worker start; this client keeps the table current where the network allows.
 */
import type { Config } from '../../../config';
import { createEcbRatesClient } from './client';
import type { EcbRatesProvider } from './types';

export function createEcbRatesProvider(config: Pick<Config, 'ecbRatesUrl'>): EcbRatesProvider {
  return createEcbRatesClient({ baseUrl: config.ecbRatesUrl });
}

export type { EcbFix, EcbRatesProvider } from './types';

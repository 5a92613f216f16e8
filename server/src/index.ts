export { buildApp } from './api/app';
export type { AppRouter } from './api/trpc/router';
export { type Config, loadConfig, testConfig } from './config';

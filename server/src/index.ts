export { buildApp } from './app';
export { type Config, loadConfig, testConfig } from './config';
export type { AppRouter } from './trpc/router';

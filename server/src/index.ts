// What other packages may take from the server by its name: the router's type (for the web's tRPC client) and,
// through the subpaths in package.json, its config, deps, services, providers and jobs — never the api layer.
export type { AppRouter } from './api/trpc/router';

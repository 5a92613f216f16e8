// What other packages may take from the server app by its name: the router's type, for the web's tRPC client
// (`import type`). The domain — services, providers, jobs, config — is @pippitch/core's.
export type { AppRouter } from './api/trpc/router';

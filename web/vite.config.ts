import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), precompress()],
  server: {
    // `pnpm --filter @pippitch/web dev` proxies the API to a running server.
    proxy: { '/trpc': api, '/live': { target: api, ws: true, changeOrigin: false }, '/api': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The router's runtime is loaded by every page at once; as one file it compresses better than as the
        // nine small files automatic splitting made of it (the calculator's 150 KB budget, issue 24).
        codeSplitting: {
          groups: [
            {
              name: 'router',
              test: /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?@tanstack\/(react-router|router-core|history|store|react-store)\//,
            },
            // The small pieces every signed-in page shares (formatting, pairs, the session, the top bar): one file,
            // not a dozen of a few hundred bytes each.
            {
              name: 'common',
              test: /(shared\/src\/(sources|totals|money)\.ts|web\/src\/(components\/(ui|TopBar|Icon)|lib\/(session|app-providers))\.tsx?)$/,
              // Only these files: their libraries (tRPC, decimal.js) keep chunks of their own.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

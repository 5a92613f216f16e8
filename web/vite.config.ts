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
            // The shared rules the calculator and the landing page's demo both run (maths, pairs, formats, the
            // range check): one file rather than seven small ones.
            {
              name: 'calculator-rules',
              test: /shared\/src\/(calculator|calculator-form|calculator-limits|evidence|format|pairs|decimal|money|sources|totals)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // What only signed-in pages load first (the top bar, the session, the API client's providers, the words
            // of a failed call): lib/failure alone was a file of 0.4 KB.
            {
              name: 'signed-in',
              test: /web\/src\/(components\/TopBar|lib\/(session|app-providers|failure))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

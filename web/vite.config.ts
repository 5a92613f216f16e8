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
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 800 },
});

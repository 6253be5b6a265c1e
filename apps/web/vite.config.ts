import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on its own port in development; the SPA talks to it through the same /api prefix as in production.
const apiProxy = { '/api': 'http://localhost:3000' };

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});

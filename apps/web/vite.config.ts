import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// React Router's package exports name only its development build; the production one beside it has no dev-only
// checks and warnings. Every importer (the storefront and react-admin) gets the same copy, so they share one router.
const reactRouter = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));

// The API runs on its own port in development; the SPA talks to it through the same /api prefix as in production.
const apiProxy = { '/api': 'http://localhost:3000' };

// The app's script is asked for after the server's markup is painted (src/load-app.js says why). Vite writes the
// entry's tag itself; the build puts the loader in its place, named by its content like the other assets.
const appLoader = readFileSync(fileURLToPath(new URL('./src/load-app.js', import.meta.url)), 'utf8');
const appLoaderFile = `assets/load-app-${createHash('sha256').update(appLoader).digest('base64url').slice(0, 8)}.js`;
const loadAppAfterFirstPaint: Plugin = {
  name: 'sikkha:load-app-after-first-paint',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: appLoaderFile, source: appLoader });
  },
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html.replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        (_, app: string) => `<script type="module" src="/${appLoaderFile}" data-app="${app}"></script>`,
      ),
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), loadAppAfterFirstPaint],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouter('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
    ],
  },
  // The server's renderer (src/entry-server.tsx, built with --ssr into dist/.ssr) carries its own copy of every
  // package it uses: the server process needs no web dependencies, and one React serves the render.
  ssr: { noExternal: true },
  // React and the rest pick their production build by NODE_ENV at run time in Node; the renderer is always the
  // production one, whatever the server process was started with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // public/ belongs to the browser's build only.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Everything the first load needs (the entry's static imports, '$initial') in one chunk. Left alone,
              // Rolldown splits each module that a lazy chunk shares with the entry into a small common chunk of its
              // own: a dozen preloaded files that gzip worse than one (about 7 KB more against the 200 KB budget).
              groups: [{ name: 'first-load', tags: ['$initial'] }],
            },
          },
        },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
}));

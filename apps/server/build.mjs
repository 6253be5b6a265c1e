// Bundles the server into dist/main.js with the contract inlined; npm packages stay external.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sikkha/'));
// BUILD_OUT builds elsewhere (an engineer's own copy beside a shared tree's dist; e2e runs it with SERVER_MAIN).
const out = process.env.BUILD_OUT ?? 'dist';

rmSync(out, { recursive: true, force: true });
await build({
  // The shop, and the backup and restore command (`npm run backup`), which reads the same migrations folder.
  entryPoints: { main: 'src/main.ts', backup: 'src/backup/cli.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'zod'],
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
cpSync('src/demo/assets', `${out}/assets`, { recursive: true });
cpSync('src/providers/pdf/templates', `${out}/templates`, { recursive: true });

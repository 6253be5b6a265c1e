// Brotli and gzip copies of the built files, made once at build time, so the server sends compressed bytes
// without compressing on every request (@fastify/static's preCompressed picks them by Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// A directory as argument precompresses another build (an engineer's own outDir); the default is the web app's dist.
const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt|xml|woff)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    // The server's renderer (.ssr) is read from disk by the server, never sent.
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

for (const path of files(dist)) {
  const data = readFileSync(path);
  if (data.length < 1024) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
}

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import type { PdfRenderer } from './pdf.js';
import { mendTextLayer } from './text-layer.js';
import { markThaiWordsIn } from './thai-words.js';

/** Beside this file in the sources, `dist/templates/` in the build (build.mjs copies them). */
const TEMPLATES = fileURLToPath(new URL('./templates/', import.meta.url));

/** Sarabun's TTFs, from npm: Typst reads TTF or OTF, not the web's woff2. */
const SARABUN = [
  '@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf',
  '@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf',
];

function sarabun(): Buffer[] {
  const require = createRequire(import.meta.url);
  return SARABUN.map((font) => readFileSync(require.resolve(font)));
}

/** The diagnostics of a failed compilation, one line each. */
function describe(diagnostics: unknown): string {
  if (!Array.isArray(diagnostics)) return String(diagnostics);
  return diagnostics
    .map((d: { message?: string; path?: string; range?: string }) => `${d.path ?? ''}${d.range ?? ''} ${d.message}`)
    .join('; ');
}

/**
 * PDFs made by Typst (its compiler as a prebuilt native addon, no browser): HarfBuzz shaping puts Thai vowels and
 * tone marks in place. Thai words in the data are marked by ICU's dictionary before layout, so a template that
 * shows `thai-words` (templates/thai.typ) breaks lines only between them, and the PDF's text layer is mended where
 * Typst repeats a cluster (text-layer.ts; docs/PDF.md). A template reads its data as JSON from `sys.inputs.data`
 * and its files' paths from `sys.inputs.files`.
 *
 * Compiling is synchronous and takes tens of milliseconds (a tax invoice about 60 ms on a busy 2-core machine, of
 * which the word boxes about 20 and mending the text layer about 10), so it runs on the caller's thread; a document
 * is made once per order. The compiler and its fonts are made on the first document and kept.
 */
export function typstPdf(templates: string = TEMPLATES): PdfRenderer {
  let compiler: NodeCompiler | undefined;
  return {
    async render(template, data, files = {}) {
      compiler ??= NodeCompiler.create({ workspace: templates, fontArgs: [{ fontBlobs: sarabun() }] });
      // Each document's files live in a folder of their own, so two documents never see each other's pictures.
      const folder = `/.files/${randomUUID()}`;
      const paths: Record<string, string> = {};
      for (const [name, bytes] of Object.entries(files)) {
        paths[name] = `${folder}/${name}`;
        compiler.mapShadow(join(templates, paths[name]), Buffer.from(bytes));
      }
      try {
        const compiled = compiler.compile({
          mainFilePath: join(templates, template.file),
          inputs: { data: JSON.stringify(markThaiWordsIn(data)), files: JSON.stringify(paths) },
        });
        const document = compiled.result;
        if (compiled.hasError() || !document) {
          throw new Error(
            `${template.file} did not compile: ${describe(compiled.takeDiagnostics()?.shortDiagnostics)}`,
          );
        }
        return mendTextLayer(compiler.pdf(document));
      } finally {
        for (const path of Object.values(paths)) compiler.unmapShadow(join(templates, path));
        // Typst memoizes across documents; what ten documents in a row did not use is let go.
        compiler.evictCache(10);
      }
    },
  };
}

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
 * The main file of a PDF/A-3b with an alternative representation: it attaches the file, then lays the template out
 * as if the template were the main file. Names and paths come in `sys.inputs`, so nothing is quoted into Typst.
 */
const WITH_ALTERNATIVE = `#let alternative = json(bytes(sys.inputs.alternative))
#pdf.attach(alternative.name, read(alternative.path, encoding: none), relationship: "alternative",
  mime-type: alternative.mimeType, description: alternative.description)
#include sys.inputs.template
`;

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
    async render(template, data, files = {}, { alternative } = {}) {
      compiler ??= NodeCompiler.create({ workspace: templates, fontArgs: [{ fontBlobs: sarabun() }] });
      // Each document's files live in a folder of their own, so two documents never see each other's pictures.
      const folder = `/.files/${randomUUID()}`;
      const paths: Record<string, string> = {};
      for (const [name, bytes] of Object.entries(files)) {
        paths[name] = `${folder}/${name}`;
        compiler.mapShadow(join(templates, paths[name]), Buffer.from(bytes));
      }
      const shadows = Object.values(paths);
      // At the root: Typst names the attachment by its path from the main file's folder.
      const main = alternative ? `${folder.replace('/.files/', '.alternative-')}.typ` : template.file;
      if (alternative) {
        shadows.push(main, `${folder}/alternative`);
        compiler.mapShadow(join(templates, main), Buffer.from(WITH_ALTERNATIVE));
        compiler.mapShadow(join(templates, folder, 'alternative'), Buffer.from(alternative.bytes));
      }
      try {
        const compiled = compiler.compile({
          mainFilePath: join(templates, main),
          inputs: {
            data: JSON.stringify(markThaiWordsIn(data)),
            files: JSON.stringify(paths),
            ...(alternative && {
              template: `/${template.file}`,
              alternative: JSON.stringify({ ...alternative, bytes: undefined, path: `${folder}/alternative` }),
            }),
          },
        });
        const document = compiled.result;
        if (compiled.hasError() || !document) {
          throw new Error(
            `${template.file} did not compile: ${describe(compiled.takeDiagnostics()?.shortDiagnostics)}`,
          );
        }
        // PDF/A wants the creation date the template leaves to Typst (`date: auto`).
        const pdfA3 = alternative && { pdfStandard: 'a-3b', creationTimestamp: Math.floor(Date.now() / 1000) };
        return mendTextLayer(compiler.pdf(document, pdfA3));
      } finally {
        for (const path of shadows) compiler.unmapShadow(join(templates, path));
        // Typst memoizes across documents; what ten documents in a row did not use is let go.
        compiler.evictCache(10);
      }
    },
  };
}

import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF, by poppler's pdftotext (`.ci/run` installs poppler-utils). Typst's ToUnicode map gives a
 * cluster with two marks twice (ปั้น comes out ปั้ปั้น, docs/PDF.md), and ษ with a vowel above too (ภาษี comes out
 * ภาษีษี); the repeat is folded back, so a test can look for the words that were drawn. (A word that really repeats
 * a cluster, ลิลิต, would be folded too: tests do not use one.)
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  return raw.replace(/(\p{L}\p{M}+)\1/gu, '$1');
}

/** The lines of a PDF's text, without empty ones. */
export const pdfLines = (pdf: Uint8Array) =>
  pdfText(pdf)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

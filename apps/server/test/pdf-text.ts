import { execFileSync } from 'node:child_process';

/** The text of a PDF, by poppler's pdftotext (`.ci/run` installs poppler-utils), in the order it was written. */
export function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

/** The lines of a PDF's text, without empty ones. */
export const pdfLines = (pdf: Uint8Array) =>
  pdfText(pdf)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

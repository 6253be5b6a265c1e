import { createHash, randomUUID } from 'node:crypto';
import type { Storage } from '../../providers/storage.js';
import type { IssuedPdf } from './etax-pdf.js';

/** A document's files as stored: the PDF, its e-Tax XML beside it (the monthly export's), and the PDF's hash. */
export interface Kept {
  folder: string;
  file: string;
  sha256: string;
  xmlFile: string | null;
  issued: IssuedPdf;
}

/**
 * Issued documents' files: stored under fresh names before the unit of work that records them, and removed again
 * when another run recorded the same document first.
 */
export function documentFiles(storage: Storage) {
  async function keep(folder: string, issued: IssuedPdf): Promise<Kept> {
    const name = randomUUID();
    const file = `${name}.pdf`;
    await storage.put(folder, file, issued.pdf);
    const xmlFile = issued.etax ? `${name}.xml` : null;
    if (issued.etax && xmlFile) await storage.put(folder, xmlFile, Buffer.from(issued.etax.xml, 'utf8'));
    return { folder, file, sha256: createHash('sha256').update(issued.pdf).digest('hex'), xmlFile, issued };
  }

  async function discard(kept: Kept): Promise<void> {
    await storage.remove(kept.folder, kept.file);
    if (kept.xmlFile) await storage.remove(kept.folder, kept.xmlFile);
  }

  return { keep, discard };
}

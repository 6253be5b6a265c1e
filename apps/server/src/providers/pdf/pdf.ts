/**
 * The PDF port: a document is a template file (Typst, under `templates/`) filled with data. Certificates are the
 * first; a receipt or a tax invoice is another template file and a type for its data, nothing more.
 */
export interface PdfTemplate<Data> {
  /** The template's file under `templates/`, e.g. `certificate.typ`. */
  readonly file: string;
  /** Carries the data's type to `render`; never set. */
  readonly data?: Data;
}

export const pdfTemplate = <Data>(file: string): PdfTemplate<Data> => ({ file });

/**
 * Files a template draws (pictures, SVG), by name. The template reads `files.<name>`, the path to pass to Typst's
 * `image()`; the format is told from the bytes (PNG, JPEG, GIF, WebP, SVG).
 */
export type PdfFiles = Readonly<Record<string, Uint8Array>>;

/**
 * A file the PDF carries as its alternative representation (PDF/A-3 /AFRelationship /Alternative): the e-Tax XML of
 * a receipt or tax invoice, which the Revenue Department reads instead of the page.
 */
export interface PdfAlternative {
  /** The attachment's file name, e.g. `RC-2569-000001.xml`. */
  name: string;
  bytes: Uint8Array;
  mimeType: string;
  description: string;
}

export interface PdfOptions {
  /** Makes the PDF a PDF/A-3b with this file attached. */
  alternative?: PdfAlternative;
}

export interface PdfRenderer {
  /** The PDF's bytes; throws with the template's diagnostics when it does not compile. */
  render<Data>(template: PdfTemplate<Data>, data: Data, files?: PdfFiles, options?: PdfOptions): Promise<Buffer>;
}

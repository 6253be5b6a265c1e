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

export interface PdfRenderer {
  /** The PDF's bytes; throws with the template's diagnostics when it does not compile. */
  render<Data>(template: PdfTemplate<Data>, data: Data, files?: PdfFiles): Promise<Buffer>;
}

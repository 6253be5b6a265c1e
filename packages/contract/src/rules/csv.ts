/**
 * CSV text a spreadsheet opens safely (RFC 4180, CRLF rows). A text cell that starts with `=`, `+`, `-` or `@` (or a
 * tab, CR or LF) is a formula to Excel, LibreOffice and Google Sheets: a member who names themself `=HYPERLINK(...)`
 * would run it on a staff member's machine. Such a cell is prefixed with `'`, which the spreadsheet shows as text.
 * Amounts and dates the exporter formats itself are cells of kind `number` and kept as they are.
 */

/** A cell: text from a record (guarded), a figure the exporter formatted, or nothing. */
export type CsvCell = string | { number: string } | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\n]/;

/** A text cell as a spreadsheet must read it: a leading formula character is neutralised with `'`. */
export function guardCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell of a row: guarded, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'string' ? guardCell(cell) : cell.number;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => CsvCell;
}

/**
 * The header line and one line per row, CRLF between them, no byte-order mark: a file for Excel adds one, so the
 * Thai reads as UTF-8 (the back office's orders export, the e-Tax summary).
 */
export function toCsv<R>(rows: readonly R[], columns: readonly CsvColumn<R>[]): string {
  const lines = [columns.map((column) => csvCell(column.header))];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))));
  return lines.map((cells) => cells.join(',')).join('\r\n');
}

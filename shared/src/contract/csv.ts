/**
 * CSV text, the same on both sides: the server's series export (GetUnitsDataCSV) and the
 * browser's list and chart downloads.
 *
 * Cells are quoted as RFC 4180 says (a cell holding the separator, a quote, a line break or a
 * semicolon is put in quotes, quotes doubled). Text is data, never a spreadsheet formula: a text
 * cell starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe, unless the
 * whole cell is a plain number such as "-3.5" (which a spreadsheet reads as the number it is).
 * Number cells are written as they are.
 */
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Between cells: ',' (default) or ';' (the server's series export). */
  separator?: ',' | ';';
  /** Between rows: '\r\n' (default, RFC 4180) or '\n'. */
  newline?: '\r\n' | '\n';
  /** Whether the last row ends with a newline too (default true). */
  finalNewline?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** One cell as CSV text. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header row and data rows as CSV text. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>, options: CsvOptions = {}): string {
  const { separator = ',', newline = '\r\n', finalNewline = true } = options;
  const text = [header, ...rows].map((r) => r.map(csvCell).join(separator)).join(newline);
  return finalNewline ? text + newline : text;
}

/**
 * CSV export of what a list or chart shows: RFC 4180 quoting, a BOM so spreadsheet programs read
 * UTF-8 (å, ä, ø, Ω), and a download started from the browser — nothing goes to the server.
 */
export type CsvCell = string | number | boolean | null | undefined;

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const cell = (v: CsvCell) => {
    if (v === null || v === undefined) return '';
    const s = String(v);
    // Quote what needs it; a leading =, +, - or @ is prefixed so no spreadsheet runs it as a formula.
    const safe = /^[=+\-@]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
    return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Starts a download of `csv` as `<name>.csv`. */
export function downloadCsv(name: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').trim() || 'export'}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloading what a list or chart shows as a CSV file (the text itself: the shared toCsv): a BOM
 * so spreadsheet programs read UTF-8 (å, ä, ø, Ω), and a download started from the browser —
 * nothing goes to the server.
 */

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

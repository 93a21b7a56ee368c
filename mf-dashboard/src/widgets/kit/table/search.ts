/** The search of the table widgets: rows match when every typed word is in their text. */
/** Memoised lower-case text of many fields (search). */
export function searchText(...parts: Array<string | number | null | undefined>): string {
  return parts
    .filter((p) => p !== null && p !== undefined && p !== '')
    .join(' ')
    .toLowerCase();
}

/** Whether every word of `query` is in `text` (already lower-case). */
export function matchesQuery(text: string, words: readonly string[]): boolean {
  for (const w of words) if (!text.includes(w)) return false;
  return true;
}
export function queryWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

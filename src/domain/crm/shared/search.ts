/**
 * The `q` filter of the lists (companies, people, opportunities): an ILIKE pattern (used with ESCAPE '\').
 *
 * 3 characters or more: substring ("contains"), answered by the trigram GIN indexes. 1 or 2 characters:
 * prefix ("starts with"): a trigram index cannot answer '%ab%' (no trigram in it), so such a search read
 * the workspace's whole table (0.9 s at 1M opportunities); 'ab%' has the word-start trigrams '  a' and
 * ' ab' and is answered by the same index. See docs/crm-rules.md ("Indexes") and docs/decisions.md.
 */
export const MIN_SUBSTRING_CHARS = 3;

export function searchPattern(q: string): string {
  const escaped = q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return [...q].length >= MIN_SUBSTRING_CHARS ? `%${escaped}%` : `${escaped}%`;
}

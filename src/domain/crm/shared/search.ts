/**
 * The `q` filter of the lists (companies, people, opportunities) and of the global search: an ILIKE pattern
 * (used with ESCAPE '\') over folded text.
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

/**
 * Letter folding (docs/decisions.md, "Search folds letters"): A-Z and the accented Latin letters, Turkish
 * ç ğ ı İ ö ş ü included, to plain lower-case a-z, so "sahin" finds "Şahin", "IZMIR" "İzmir" and the
 * reverse. The database folds the stored text with the same table (`crm_fold`, migration
 * 1795487000000-FoldedSearch, which keeps its own copy: change both or neither); the trigram indexes are
 * over `crm_fold(column)`. Characters outside the table are left as they are (ILIKE still ignores their case).
 */
export const FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšßŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŶŸýÿŷŹŻŽźżž';
export const FOLD_TO = 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrsssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz';
const FOLD = new Map([...FOLD_FROM].map((ch, i) => [ch, [...FOLD_TO][i]!]));

/** The text folded as `crm_fold` folds it (NFC first, so a letter typed with a combining accent folds too). */
export function foldText(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFC')) out += FOLD.get(ch) ?? ch;
  return out;
}

/** The pattern of `q` for `foldedMatch`: folded, then `searchPattern`. */
export const foldedPattern = (q: string): string => searchPattern(foldText(q.trim()));

/** A folded match of `expr` (SQL over text columns, the very expression of its index) against `:param`. */
export const foldedMatch = (expr: string, param = 'q'): string => `crm_fold(${expr}) ILIKE :${param} ESCAPE '\\'`;

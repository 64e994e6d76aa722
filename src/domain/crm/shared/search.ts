/**
 * The `q` filter of the lists (companies, people, opportunities) and of the global search: an ILIKE pattern
 * (used with ESCAPE '\') over folded text.
 *
 * 3 characters or more: substring ("contains"), answered by the trigram GIN indexes. 1 or 2 characters:
 * prefix ("starts with"): a trigram index cannot answer '%ab%' (no trigram in it), so such a search read
 * the workspace's whole table (0.9 s at 1M opportunities); 'ab%' has the word-start trigrams '  a' and
 * ' ab' and is answered by the same index. See docs/crm-rules.md ("Indexes") and docs/decisions/search.md.
 */
export const MIN_SUBSTRING_CHARS = 3;

export function searchPattern(q: string): string {
  const escaped = q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return [...q].length >= MIN_SUBSTRING_CHARS ? `%${escaped}%` : `${escaped}%`;
}

/**
 * Letter folding (docs/decisions/search.md, "Search folds letters"): the accented Latin letters, Turkish ç ğ ı İ ö ş ü
 * â î û included, to plain a-z and A-Z to a-z, so "sahin" finds "Şahin", "IZMIR" "İzmir" and the reverse. The
 * database folds the stored text the same way (\`crm_fold\`, migration 1795487000000-FoldedSearch, which keeps its
 * own copy of these letters: test/unit/search/search.spec.ts compares them) into generated columns (\`name_fold\`,
 * \`text_fold\`, \`po_fold\`) with trigram indexes. Other characters are left as they are (ILIKE still ignores their case).
 */
export const FOLD_TURKISH_FROM = 'çÇğĞıİîÎöÖşŞüÜûÛâÂ';
export const FOLD_TURKISH_TO = 'ccggiiiioossuuuuaa';
export const FOLD_REST_FROM = 'ÀÁÃÄÅĀĂĄàáãäåāăąĆĈĊČćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĠĢĝġģĤĦĥħÌÍÏĨĪĬĮìíïĩīĭįĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕØŌŎŐòóôõøōŏőŔŖŘŕŗřŚŜŠśŝšßŢŤŦţťŧÙÚŨŪŬŮŰŲùúũūŭůűųŴŵÝŶŸýÿŷŹŻŽźżž';
export const FOLD_REST_TO = 'aaaaaaaaaaaaaaaaccccccccddddeeeeeeeeeeeeeeeeeegggggghhhhiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooorrrrrrsssssssttttttuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz';
const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FOLD = new Map(
  [...ASCII_UPPER + FOLD_TURKISH_FROM + FOLD_REST_FROM].map((ch, i) => [ch, [...ASCII_UPPER.toLowerCase() + FOLD_TURKISH_TO + FOLD_REST_TO][i]!]),
);

/** The text folded as \`crm_fold\` folds it (NFC first, so a letter typed with a combining accent folds too). */
export function foldText(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFC')) out += FOLD.get(ch) ?? ch;
  return out;
}

/** The pattern of \`q\` for \`foldedMatch\`: folded, then \`searchPattern\`. */
export const foldedPattern = (q: string): string => searchPattern(foldText(q.trim()));

/** A match of a folded column (\`crm_fold\` of the text, stored and indexed) against \`:param\` (\`foldedPattern\`). */
export const foldedMatch = (column: string, param = 'q'): string => `${column} ILIKE :${param} ESCAPE '\\'`;

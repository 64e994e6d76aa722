/**
 * Text helpers of the Quick Entry rules (pure). Notes are read in a folded form: lower case, accents
 * removed (ç→c, ğ→g, ı/İ→i, ö→o, ş→s, ü→u), English contractions opened ("I'll" → "i will") and
 * apostrophes dropped, so Turkish suffixes join their word ("Aralık'ta" → "aralikta").
 */

/** Lower case, accents and apostrophes removed; the same text for every spelling a salesperson uses. */
export function fold(text: string): string {
  return text
    .replace(/[İI]/g, 'i')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/[’‘`´]/g, "'")
    .replace(/(\w)'ll\b/g, '$1 will')
    .replace(/(\w)n't\b/g, '$1 not')
    .replace(/'/g, '')
    .replace(/\u00a0/g, ' ');
}

export interface Token {
  /** Folded text of the token. */
  t: string;
  /** Offsets in the folded note. */
  start: number;
  end: number;
  /** Index in the token list. */
  i: number;
  num: boolean;
}

/** Words and numbers of a folded text; digits and letters split ("23mic" → "23", "mic"). */
export function tokenize(folded: string): Token[] {
  const out: Token[] = [];
  const re = /[a-z]+|\d+(?:[.,]\d+)*/g;
  for (let m = re.exec(folded); m; m = re.exec(folded)) {
    out.push({ t: m[0], start: m.index, end: m.index + m[0].length, i: out.length, num: /^\d/.test(m[0]) });
  }
  return out;
}

/** Damerau-Levenshtein distance (optimal string alignment), stopping early above `max`. */
export function distance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos tolerated in a word of this length: none up to 4 letters, one up to 9, two beyond. */
export const typoBudget = (len: number): number => (len < 5 ? 0 : len < 10 ? 1 : 2);

/** A typo of `word` (same first letter, within the budget of the word's length). */
export function isTypoOf(token: string, word: string): boolean {
  if (token === word) return true;
  const budget = typoBudget(word.length);
  return budget > 0 && token[0] === word[0] && distance(token, word, budget) <= budget;
}

/**
 * `token` is `word` with a Turkish suffix (up to 4 letters, 5 for words of 5 letters or more: "torbalarda", "filmde",
 * "granules") or, for a word of 5 letters or more, a typo of it.
 */
export function wordMatches(token: string, word: string, maxSuffix = word.length >= 5 ? 5 : 4): boolean {
  if (token === word) return true;
  if (word.length >= 4 && token.startsWith(word) && token.length - word.length <= maxSuffix) return true;
  return isTypoOf(token, word);
}

/** A stretch of the folded note, `start` inclusive, `end` exclusive. */
export interface Span {
  start: number;
  end: number;
}
export const overlaps = (a: Span, spans: Span[]) => spans.some((b) => a.start < b.end && a.end > b.start);

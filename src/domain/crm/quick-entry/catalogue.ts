/**
 * Catalogue matching for Quick Entry (spec 2.12): product and opportunity names against the note's
 * words, with the bilingual vocabulary of packaging and plastics catalogues. Pure.
 */
import { fold, Token, tokenize, wordMatches } from './text';

/** Bilingual words of packaging and plastics catalogues, and their canonical form. */
const SYNONYMS: Record<string, string> = {
  stretch: 'strec', strech: 'strec', strec: 'strec',
  shrink: 'shrink', srink: 'shrink', sirink: 'shrink',
  tape: 'bant', bandi: 'bant', banti: 'bant', bant: 'bant',
  clear: 'seffaf', transparent: 'seffaf',
  bag: 'torba', bags: 'torba', sack: 'torba', sacks: 'torba',
  white: 'beyaz', black: 'siyah',
  granule: 'granul', granules: 'granul', granulate: 'granul', granul: 'granul',
  additive: 'katki', additives: 'katki',
  homopolymer: 'homopolimer', copolymer: 'kopolimer',
  pallet: 'palet', cover: 'ortusu',
  packaging: 'ambalaj',
  carton: 'koli', box: 'koli', boxes: 'koli',
  stabilizer: 'stabilizator', stabiliser: 'stabilizator',
  mb: 'masterbatch',
  filmi: 'film', films: 'film',
  micron: 'mic', mikron: 'mic', mik: 'mic', um: 'mic',
};
const SYNONYM_KEYS = Object.keys(SYNONYMS).filter((k) => k.length >= 5);
/** Measure words in product names: they qualify a number ("23 mic") and are never required. */
const MEASURES = new Set(['mic', 'mm', 'cm', 'm', 'kg', 'gr', 'g', 'lt', 'l', 'ml', 't', 'ton', 'mt', 'pcs', 'adet']);
const STOP = new Set(['the', 'and', 've', 'ile', 'for', 'tip', 'type', 'grade', 'icin', 'of', 'with', 'q1', 'q2', 'q3', 'q4']);

export function canon(token: string): string {
  if (SYNONYMS[token]) return SYNONYMS[token]!;
  for (const k of SYNONYM_KEYS) if (wordMatches(token, k)) return SYNONYMS[k]!;
  return token;
}

export interface CatalogueEntry {
  id: number;
  required: string[];
  weak: string[];
  /** Numbers of the name and the measure word after each ("23" + "mic"; '' when none). */
  numbers: { n: string; measure: string }[];
  code: string;
}

export function entryOf(id: number, name: string, code = ''): CatalogueEntry {
  const words = tokenize(fold(name)).map((t) => ({ ...t, t: canon(t.t) }));
  return {
    id,
    required: [...new Set(words.filter((w) => !w.num && w.t.length >= 3 && !MEASURES.has(w.t) && !STOP.has(w.t)).map((w) => w.t))],
    weak: words.filter((w) => !w.num && w.t.length === 2 && !MEASURES.has(w.t)).map((w) => w.t),
    numbers: words.filter((w) => w.num).map((w) => ({ n: w.t, measure: words[w.i + 1] && MEASURES.has(words[w.i + 1]!.t) ? words[w.i + 1]!.t : '' })),
    code: fold(code).replace(/[^a-z0-9]/g, ''),
  };
}

interface Match {
  id: number;
  score: number;
  positions: number[];
}

/**
 * Scores each entry against the note's (canonical) tokens. Accepted: the code; all required words;
 * at least two required words and half of them; one word no other entry has (4+ letters); or one
 * required word and one of the entry's numbers ("strec 23", "23 mic" beside any required word).
 * Entries matching the same words compete: only the best score survives (ties all stay).
 */
export function matchEntries(entries: CatalogueEntry[], tokens: Token[], f: string, opts: { allowUnique: boolean; allowNumeric: boolean }): Match[] {
  const counts = new Map<string, number>();
  for (const e of entries) for (const w of e.required) counts.set(w, (counts.get(w) ?? 0) + 1);
  // each distinct word of the note is compared once with each distinct word of the entries
  const byText = new Map<string, number[]>();
  for (const t of tokens) if (!t.num) byText.set(t.t, [...(byText.get(t.t) ?? []), t.i]);
  const cache = new Map<string, number[]>();
  const positionsOf = (w: string): number[] => {
    let hit = cache.get(w);
    if (!hit) {
      hit = [];
      for (const [text, at] of byText) if (wordMatches(text, w)) hit.push(...at);
      cache.set(w, hit);
    }
    return hit;
  };
  // codes written as one to four tokens joined by nothing, spaces, dashes, dots or slashes ("MB-W60", "sf 17")
  const codes = new Map<string, number[][]>();
  for (let i = 0; i < tokens.length; i++) {
    let joined = '';
    for (let j = i; j < Math.min(tokens.length, i + 4); j++) {
      if (j > i && !/^[\s\-./]*$/.test(f.slice(tokens[j - 1]!.end, tokens[j]!.start))) break;
      joined += tokens[j]!.t.replace(/[.,]/g, '');
      if (joined.length > 60) break;
      codes.set(joined, [...(codes.get(joined) ?? []), tokens.slice(i, j + 1).map((t) => t.i)]);
    }
  }
  const matches: Match[] = [];
  for (const e of entries) {
    const positions: number[] = [];
    let matched = 0;
    let unique = false;
    for (const w of e.required) {
      const hits = positionsOf(w);
      if (!hits.length) continue;
      matched++;
      positions.push(...hits);
      if (counts.get(w) === 1 && w.length >= 4) unique = true;
    }
    const weak = e.weak.filter((w) => byText.has(w)).length;
    const codeAt = e.code.length >= 3 ? codes.get(e.code)?.[0] : undefined;
    const codeHit = !!codeAt;
    if (codeAt) positions.push(...codeAt);
  const numeric = matched > 0 && e.numbers.some((n) => numberMentioned(n.n, n.measure, tokens, positions));
    const R = e.required.length;
    const accepted =
      codeHit ||
      (R > 0 && matched === R) ||
      (matched >= 2 && matched / R >= 0.5) ||
      (opts.allowUnique && unique) ||
      (opts.allowNumeric && numeric);
    if (!accepted) continue;
    const score = (codeHit ? 10 : 0) + (R && matched === R ? 2 : 0) + (R ? matched / R : 0) + (numeric ? 1.5 : 0) + weak * 0.3;
    matches.push({ id: e.id, score, positions: [...new Set(positions)] });
  }
  // competing matches (sharing a matched word) keep only the best score
  return matches.filter((m) => !matches.some((o) => o !== m && o.score > m.score + 1e-9 && o.positions.some((p) => m.positions.includes(p))));
}

/**
 * A number of a product name in the note: right after a matched word ("strec 23"), or before the
 * name's own measure ("23 mic", "23mic", "17 and 23 mic").
 */
function numberMentioned(n: string, measure: string, tokens: Token[], wordPositions: number[]): boolean {
  for (const t of tokens.filter((x) => x.num && x.t === n).slice(0, 50)) {
    if (wordPositions.some((p) => t.i > p && t.i - p <= 2)) return true;
    if (!measure) continue;
    const next = tokens[t.i + 1];
    if (next && next.t === measure) return true;
    // "17 and 23 mic", "17 ve 23 mik", "17/23 mic"
    const after2 = tokens[t.i + 2];
    const after3 = tokens[t.i + 3];
    if (next && ['and', 've', 'or', 'veya'].includes(next.t) && after2?.num && after3?.t === measure) return true;
    if (next?.num && after2?.t === measure) return true;
  }
  return false;
}

/**
 * Quick Entry suggestions from a visit note (spec 2.12, 4.8): rule-based, pure, no outside calls.
 * Reads Turkish, English and mixed notes with typos and missing accents (text.ts folds them).
 * docs/crm-rules.md ("Quick Entry") lists the rules; test/unit/qe-suggest.spec.ts runs them over
 * the fixture test/fixtures/qe-notes.ts.
 */
import { QE_NEXT_STEP_ROLES, QE_TRIAL_OUTCOMES } from '../../workspace/workspace.entity';
import { findDates, DateHit } from './dates';
import { formatNumber, parseNumber } from './numbers';
import { fold, isTypoOf, Token, tokenize, wordMatches } from './text';

/** Spec 2.12: `kind` is `block` or a next-step kind (one of the workspace's next_actions). */
export interface SuggestionItem {
  id: string;
  kind: string;
  label: string;
  block: string;
  fields: Record<string, string>;
}

/** Next-step roles the rules recognise; the workspace maps each to one of its next_actions (constants.qe_next_action_roles). */
export const NEXT_STEP_ROLES = QE_NEXT_STEP_ROLES;
export type NextStepRole = (typeof NEXT_STEP_ROLES)[number];
/** Trial outcomes; the workspace maps each to one of its demo_results (constants.qe_trial_results). */
export type TrialOutcome = (typeof QE_TRIAL_OUTCOMES)[number];

export interface SuggestContext {
  /** The workspace's today, `YYYY-MM-DD`, in its time zone. */
  today: string;
  /** app.currencies (ISO codes). */
  currencies: string[];
  /** app.units; a recognised unit is written as the workspace's spelling of it. */
  units: string[];
  /** constants.next_actions: a next action named literally in the note is suggested too. */
  nextActions: string[];
  nextActionRoles: Partial<Record<NextStepRole, string>>;
  trialResults: Partial<Record<TrialOutcome, string>>;
  stageLabels: Record<string, string>;
  products: { id: number; code: string; name: string }[];
  /** The company's people and open opportunities (empty without a customer). */
  people: { id: number; name: string }[];
  opps: { id: number; name: string; stage: string }[];
}

interface Span {
  start: number;
  end: number;
}
const overlaps = (a: Span, spans: Span[]) => spans.some((b) => a.start < b.end && a.end > b.start);

// ---------------------------------------------------------------------------------------------
// Vocabulary

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

function canon(token: string): string {
  if (SYNONYMS[token]) return SYNONYMS[token]!;
  for (const k of SYNONYM_KEYS) if (wordMatches(token, k)) return SYNONYMS[k]!;
  return token;
}

const CURRENCIES: [RegExp, string][] = [
  [/^(?:tl|try|₺|lira)$/, 'TRY'],
  [/^(?:usd|\$|dolar|dollars?)$/, 'USD'],
  [/^(?:eur|euros?|avro|€)$/, 'EUR'],
  [/^(?:gbp|£|sterlin|pounds?)$/, 'GBP'],
];
const CUR = '(tl|try|₺|lira|usd|\\$|dolar|dollars?|eur|euros?|avro|€|gbp|£|sterlin)';
const NUM = '(\\d+(?:[.,]\\d+)*)';
const PRICE_UNIT = '(kg|kilo|kilogram|ton|tonne|t|mt|adet|pcs|pc|piece|unit|lt|litre|liter|l)';

/** Recognised units (canonical key → words); written as the workspace's unit whose name is one of the words. */
const UNIT_WORDS: Record<string, string[]> = {
  kg: ['kg', 'kilo', 'kilogram', 'kgs'],
  t: ['t', 'ton', 'tonne', 'tons', 'tonnes', 'mt'],
  pcs: ['pcs', 'pc', 'piece', 'pieces', 'adet', 'unit', 'units', 'ad'],
  l: ['l', 'lt', 'litre', 'liter', 'litres', 'liters'],
};
function unitKey(word: string): string | null {
  for (const [k, words] of Object.entries(UNIT_WORDS)) if (words.includes(word)) return k;
  return null;
}
function unitName(key: string, units: string[]): string {
  const words = UNIT_WORDS[key] ?? [key];
  return units.find((u) => words.includes(fold(u))) ?? key;
}
function currencyCode(word: string): string | null {
  for (const [re, code] of CURRENCIES) if (re.test(word)) return code;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Prices, payment terms, quantities

interface Price extends Span {
  price: number;
  currency: string;
  unit: string | null;
}

/** `12,5 TL/kg`, `€3.40 per kg`, `2.80 USD`, `0,38 $`, `1,41 €/kg`, `2.800 USD/ton`. */
export function findPrices(f: string): Price[] {
  const out: Price[] = [];
  const per = `(?:\\s*(?:/|per|a|başına|basina)\\s*${PRICE_UNIT}\\b)?`;
  const after = new RegExp(`(?<![\\w.,])${NUM}\\s*${CUR}(?![a-z])${per}`, 'g');
  const before = new RegExp(`(?<![a-z])${CUR}\\s*${NUM}(?![\\d])${per}`, 'g');
  for (const m of f.matchAll(after)) {
    const n = parseNumber(m[1]!);
    const cur = currencyCode(m[2]!);
    if (n !== null && cur && n > 0) out.push({ start: m.index!, end: m.index! + m[0].length, price: n, currency: cur, unit: m[3] ? unitKey(m[3]) : null });
  }
  for (const m of f.matchAll(before)) {
    const n = parseNumber(m[2]!);
    const cur = currencyCode(m[1]!);
    const span = { start: m.index!, end: m.index! + m[0].length };
    if (n !== null && cur && n > 0 && !overlaps(span, out)) out.push({ ...span, price: n, currency: cur, unit: m[3] ? unitKey(m[3]) : null });
  }
  return out.sort((a, b) => a.start - b.start);
}

interface Payment extends Span {
  days: number;
}

/** Explicit payment terms: `60 gün vade`, `vade 60 gun`, `vadeyi 90 güne`, `net 30`, `90 days payment`, `peşin`. */
export function findPaymentTerms(f: string, taken: Span[] = []): Payment[] {
  const out: Payment[] = [];
  const add = (start: number, end: number, days: number) => {
    const span = { start, end };
    if (days >= 0 && days <= 365 && !overlaps(span, [...taken, ...out])) out.push({ ...span, days });
  };
  const patterns: RegExp[] = [
    /\b(\d{1,3}) ?(?:gun\w*|days?)(?: \w+){0,2}? (?:vade\w*|odeme\w*|payment|terms|credit|net)\b/g,
    /\b(?:vade\w*|odeme\w*|payment(?: terms?)?|terms?)\W{0,3}(?:(?:of|is|are|:|olarak|en az|min|max)\W{1,2})?(\d{1,3}) ?(?:gun\w*|days?)\b/g,
    /\bnet ?(\d{1,3})\b(?! ?(?:kg|ton|t\b|%|adet))/g,
    /\bvade\w* (\d{1,3})\b(?! ?(?:kg|ton|t\b|%|adet))/g,
  ];
  for (const re of patterns) for (const m of f.matchAll(re)) add(m.index!, m.index! + m[0].length, Number(m[1]));
  for (const m of f.matchAll(/\b(?:pesin\w*|cash in advance|advance payment|prepayment|prepaid)\b/g)) add(m.index!, m.index! + m[0].length, 0);
  return out;
}

/** A bare `60 gün` / `45 days` (7-180 days) that is no date ("10 gün sonra", "in 3 days"): payment terms. */
export function findBarePaymentDays(f: string, taken: Span[]): Payment[] {
  const out: Payment[] = [];
  for (const m of f.matchAll(/(?<![\w.,])(\d{1,3}) ?(?:gun|gunluk|days?)\b/g)) {
    const span = { start: m.index!, end: m.index! + m[0].length };
    const days = Number(m[1]);
    const before = f.slice(Math.max(0, span.start - 8), span.start);
    const after = f.slice(span.end, span.end + 14);
    if (days < 7 || days > 180 || overlaps(span, taken)) continue;
    if (/\b(?:in|within|after|son|last|for|every|her)\s*$/.test(before)) continue;
    if (/^\s*(?:sonra|icinde|icerisinde|zarfinda|later|from|ago|once|boyunca|suresince|before|once)/.test(after)) continue;
    out.push({ ...span, days });
  }
  return out;
}

interface Quantity extends Span {
  amount: number;
  unit: string;
}

/** `5 ton` → 5000 kg, `2,5 t` → 2500 kg, `500 kg`, `50.000 adet`, `150 bin adet`. */
export function findQuantities(f: string, taken: Span[] = []): Quantity[] {
  const out: Quantity[] = [];
  const re = /(?<![\w.,/])(\d+(?:[.,]\d+)*)\s*(bin|k|thousand)?\s*(ton\w{0,4}|t|mt|kg\w{0,3}|kilo\w{0,4}|adet\w{0,3}|pcs|pieces?|units?)(?![a-z])/g;
  for (const m of f.matchAll(re)) {
    const span = { start: m.index!, end: m.index! + m[0].length };
    if (overlaps(span, [...taken, ...out])) continue;
    let n = parseNumber(m[1]!);
    if (n === null || n <= 0) continue;
    if (m[2]) n *= 1000;
    const word = m[3]!;
    let key: string;
    if (/^(?:ton\w*|t|mt)$/.test(word)) {
      if (/^ton/.test(word) && !/^(?:ton|tons|tonne|tonnes|tonluk|tonu|tonun|tona|tonda|tonla|tonluk)$/.test(word)) continue;
      key = 'kg';
      n *= 1000;
    } else if (/^(?:kg|kilo)/.test(word)) key = 'kg';
    else key = 'pcs';
    out.push({ ...span, amount: n, unit: key });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Catalogue, people, opportunities

interface CatalogueEntry {
  id: number;
  required: string[];
  weak: string[];
  /** Numbers of the name and the measure word after each ("23" + "mic"; '' when none). */
  numbers: { n: string; measure: string }[];
  code: string;
}

function entryOf(id: number, name: string, code = ''): CatalogueEntry {
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
function matchEntries(entries: CatalogueEntry[], tokens: Token[], f: string, opts: { allowUnique: boolean; allowNumeric: boolean }): Match[] {
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

const HONORIFIC_AFTER = /^(?:bey|hanim|h|hn|bay|bayan)\w{0,4}$/;
const HONORIFIC_BEFORE = new Set(['mr', 'mrs', 'ms', 'dr', 'bay', 'bayan', 'sayin', 'herr', 'frau']);
const SHORT_NAME_CUES = new Set(['with', 'to', 'from', 'for', 'and', 'ile', 'told', 'asked', 'call', 'email', 'mail', 'met']);

/** People named in the note: full name; first name + Bey/Hanım; Mr/Dr + surname; a first name or surname only this person has. */
function matchPeople(people: { id: number; name: string }[], tokens: Token[]): number[] {
  const parts = people.map((p) => ({ id: p.id, words: tokenize(fold(p.name)).filter((t) => !t.num).map((t) => t.t) }));
  const firstCount = new Map<string, number>();
  const lastCount = new Map<string, number>();
  for (const p of parts) {
    if (p.words[0]) firstCount.set(p.words[0], (firstCount.get(p.words[0]) ?? 0) + 1);
    const last = p.words.length > 1 ? p.words[p.words.length - 1]! : null;
    if (last) lastCount.set(last, (lastCount.get(last) ?? 0) + 1);
  }
  const nameMatch = (tok: string, w: string) => tok === w || (w.length >= 3 && tok.startsWith(w) && tok.length - w.length <= 4) || isTypoOf(tok, w);
  const found: number[] = [];
  for (const p of parts) {
    const first = p.words[0];
    const last = p.words.length > 1 ? p.words[p.words.length - 1]! : null;
    if (!first) continue;
    let hit = false;
    for (const t of tokens) {
      if (t.num) continue;
      const next = tokens[t.i + 1]?.t ?? '';
      const prev = tokens[t.i - 1]?.t ?? '';
      if (nameMatch(t.t, first)) {
        if (last && next && nameMatch(next, last)) hit = true;
        else if (HONORIFIC_AFTER.test(next)) hit = true;
        else if (firstCount.get(first) === 1 && (first.length >= 4 ? t.t === first || t.t.length - first.length <= 4 : t.t === first && (SHORT_NAME_CUES.has(prev) || next === 'ile'))) hit = true;
      }
      if (!hit && last && nameMatch(t.t, last) && (HONORIFIC_BEFORE.has(prev) || (lastCount.get(last) === 1 && last.length >= 4))) hit = true;
      if (hit) break;
    }
    if (hit) found.push(p.id);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Trial results

const PARTIAL_RE = /\b(?:kismen (?:olumlu|basarili|iyi)|kismi basari\w*|partly|partially|partial(?:ly)? success\w*|mixed results?)\b/;
const NEGATIVE_RE = /\b(?:olumsuz\w*|basarisiz\w*|failed|fail|fails|failure|unsuccessful|negative|did not (?:pass|work)|not (?:ok|okay|successful|good|passed)|was not (?:ok|successful|good)|tutmadi|reddedildi|rejected|(?:olumlu|basarili|iyi) degil\w*)\b/;
const POSITIVE_RE = /\b(?:olumlu\w*|basarili\w*|successful\w*|success|succeeded|positive|passed|went well|ok|okay|approved|onaylandi|iyi gecti|sorunsuz|worked)\b/;
const ONGOING_RE = /\b(?:devam ediyor|devam etmekte|devam\w*|suruyor|surmekte|bekleniyor|ongoing|on going|in progress|still (?:testing|running|ongoing|on test|in test|on trial)|still running|no results? yet|henuz sonuc\w* yok|sonuc yok|not finished|continuing|continues|waiting for (?:the )?results?)\b/;
const TRIAL_WORDS = ['deneme', 'trial', 'test', 'retest', 'numune', 'sample', 'sonuc', 'result', 'demo'];
const POSITIVE_WORDS = ['olumlu', 'basarili', 'successful', 'positive'];
const NEGATIVE_WORDS = ['olumsuz', 'basarisiz', 'unsuccessful', 'failed', 'negative'];

const hasTrialWord = (tokens: Token[]) => tokens.some((t) => !t.num && TRIAL_WORDS.some((w) => wordMatches(t.t, w) || (w.length >= 6 && isTypoOf(t.t, w))));

/** Outcome words in a sentence about a trial (or its result); typos of the key words count. */
export function trialOutcomes(sentence: string): TrialOutcome[] {
  const tokens = tokenize(sentence);
  if (!hasTrialWord(tokens)) return [];
  const out = new Set<TrialOutcome>();
  if (PARTIAL_RE.test(sentence)) out.add('partial');
  if (NEGATIVE_RE.test(sentence)) out.add('negative');
  if (!out.size && POSITIVE_RE.test(sentence)) out.add('positive');
  if (ONGOING_RE.test(sentence)) out.add('ongoing');
  if (!out.size) {
    // typos: "olumluu", "faild", "sucessful" (the closest key word decides)
    for (const t of tokens) {
      if (t.num || t.t.length < 5) continue;
      if (NEGATIVE_WORDS.some((w) => isTypoOf(t.t, w))) out.add('negative');
      else if (POSITIVE_WORDS.some((w) => isTypoOf(t.t, w))) out.add('positive');
    }
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Next steps

const ROLE_WORDS: Record<NextStepRole, { exact?: string[]; stems?: string[]; prefixes?: string[] }> = {
  call: {
    exact: ['ara', 'ararim', 'arariz', 'arayacagim', 'arayacagiz', 'arayalim', 'aranacak', 'aransin', 'arayin', 'arayip', 'aradim', 'aradik', 'aranmali', 'telefon', 'telefonla', 'telefonda', 'call', 'calls', 'calling', 'phone', 'ring'],
  },
  visit: { stems: ['visit'], prefixes: ['ziyaret', 'ugra'], exact: ['gidecegim', 'gidecegiz', 'gidiyoruz', 'gidilecek', 'gidelim'] },
  offer: { stems: ['teklif', 'offer', 'quote', 'quotation', 'proposal', 'proforma'] },
  samples: { stems: ['numune', 'sample'] },
  email: { stems: ['email', 'eposta'], exact: ['mail', 'maile', 'maili', 'mailer', 'mails', 'mailing'] },
  trial: { stems: ['deneme', 'trial', 'retest'], exact: ['test'] },
  meeting: { prefixes: ['toplanti', 'toplan', 'gorus'], exact: ['meeting', 'meet', 'sunum', 'sunumu', 'presentation', 'demo'] },
};

function rolesIn(tokens: Token[]): NextStepRole[] {
  const roles: NextStepRole[] = [];
  for (const role of NEXT_STEP_ROLES) {
    const w = ROLE_WORDS[role];
    const hit = tokens.some(
      (t, i) =>
        !t.num &&
        ((w.exact ?? []).includes(t.t) ||
          (w.stems ?? []).some((s) => wordMatches(t.t, s)) ||
          (w.prefixes ?? []).some((p) => t.t.startsWith(p)) ||
          (role === 'email' && t.t === 'posta' && tokens[i - 1]?.t === 'e')),
    );
    if (hit) roles.push(role);
  }
  return roles;
}

const FUTURE_WORDS = new Set([
  'lazim', 'gerek', 'gerekiyor', 'gerekli', 'will', 'shall', 'going', 'need', 'needs', 'must', 'should', 'want', 'wants', 'asked', 'asking', 'ask',
  'talep', 'isterler', 'next', 'asap', 'acil', 'please', 'pls', 'erteledi', 'ertelendi', 'postponed', 'rescheduled', 'sonra', 'then', 'plan', 'planned',
  'scheduled', 'schedule', 'expects', 'todo', 'tekrar', 'again', 'yeni', 'new',
]);
const IMPERATIVE_START = new Set(['send', 'call', 'email', 'mail', 'visit', 'prepare', 'schedule', 'quote', 'follow', 'try', 'inform', 'arrange', 'book', 'check', 'remind', 'plan', 'organise', 'organize', 'gonder', 'ara', 'yolla', 'hazirla', 'ring', 'phone', 'offer']);
const IMPERATIVE_END = new Set(['gonder', 'ara', 'yolla', 'hazirla', 'at', 'git', 'ugra', 'planla', 'teklif', 'numune']);
const PAST_WORDS = new Set([
  'sent', 'gave', 'did', 'was', 'were', 'had', 'visited', 'called', 'talked', 'met', 'discussed', 'offered', 'delivered', 'received', 'showed', 'said', 'says',
  'spoke', 'left', 'tried', 'confirmed', 'ordered', 'shipped', 'agreed', 'accepted', 'presented', 'reported', 'complained', 'lost', 'emailed', 'mailed', 'quoted',
]);
const AGAIN_WORDS = new Set(['tekrar', 'yeniden', 'again', 'back']);

function isFutureToken(t: string): boolean {
  if (FUTURE_WORDS.has(t)) return true;
  if (t.length >= 6 && /(?:acak|ecek|acag|eceg)/.test(t)) return true;
  if (t.length >= 5 && /(?:alim|elim)$/.test(t)) return true;
  if (t.length >= 5 && /(?:arim|erim|ariz|eriz|irim|iriz)$/.test(t)) return true;
  return /^(?:istiyor|istedi|bekliyor|bekleniyor|planla|hazirla|planli|yapilacak|yapacak)/.test(t);
}
function isPastToken(t: string): boolean {
  if (PAST_WORDS.has(t)) return true;
  if (t.length < 5) return false;
  if (/[dt][iu](?:k|m|n|niz|ler|lar)$/.test(t)) return true;
  if (/(?:[rlnkpsczt][dt][iu]|edi)$/.test(t)) return true;
  return /(?:mis|mus)$/.test(t) && t.length >= 6;
}

interface Unit {
  start: number;
  end: number;
  text: string;
  tokens: Token[];
  roles: NextStepRole[];
  future: boolean;
  past: boolean;
  again: boolean;
  sentence: number;
}

/** Sentences (split at . ! ? ; and line ends, not inside numbers) and their comma-separated units. */
function sentencesOf(f: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const re = /[.!?;\n]+(?=\s|$)|\n/g;
  for (const m of f.matchAll(re)) {
    out.push({ start, end: m.index! });
    start = m.index! + m[0].length;
  }
  out.push({ start, end: f.length });
  return out.filter((s) => f.slice(s.start, s.end).trim());
}

function unitsOf(f: string, sentences: Span[], outcomeSentences: Set<number>, allTokens: Token[]): Unit[] {
  const units: Unit[] = [];
  sentences.forEach((s, si) => {
    const text = f.slice(s.start, s.end);
    let from = 0;
    const cuts = [...text.matchAll(/,\s+|\s+-\s+|\s+(?:ama|but)\s+/g)].map((m) => ({ at: m.index!, len: m[0].length }));
    for (const cut of [...cuts, { at: text.length, len: 0 }]) {
      const start = s.start + from;
      const end = s.start + cut.at;
      from = cut.at + cut.len;
      const tokens = allTokens.filter((t) => t.start >= start && t.end <= end);
      if (!tokens.length) continue;
      let roles = rolesIn(tokens);
      // a sentence that reports a trial result does not plan one
      if (outcomeSentences.has(si)) roles = roles.filter((r) => r !== 'trial');
      const words = tokens.filter((t) => !t.num).map((t) => t.t);
      const future = words.some(isFutureToken) || IMPERATIVE_START.has(words[0] ?? '') || IMPERATIVE_END.has(words[words.length - 1] ?? '');
      const past = !future && words.some(isPastToken);
      units.push({ start, end, text: f.slice(start, end), tokens, roles, future, past, again: words.some((w) => AGAIN_WORDS.has(w)), sentence: si });
    }
  });
  return units;
}

interface NextStep {
  role: NextStepRole | null;
  custom?: string;
  date: string | null;
}

/**
 * Next steps: a unit (clause) with a date takes the actions named in it, or else those of the clause
 * before it when that one plans something (or this one says "again"), or else of the sentence before;
 * without any action the date alone is suggested. A clause without a date suggests its actions when
 * it plans them (future tense, a request, an imperative). A past clause ("teklif verdik") suggests nothing.
 */
function nextSteps(units: Unit[], dates: DateHit[], today: string): NextStep[] {
  const out: NextStep[] = [];
  units.forEach((u, ui) => {
    const unitDates = dates.filter((d) => d.date && d.start >= u.start && d.end <= u.end && !(u.past && d.date <= today)).map((d) => d.date!);
    if (unitDates.length) {
      let roles = u.roles;
      if (!roles.length) {
        const prev = units[ui - 1];
        if (prev && prev.sentence === u.sentence && prev.roles.length && (prev.future || u.again)) roles = prev.roles;
        else {
          const prevSentence = units.filter((x) => x.sentence === u.sentence - 1);
          const planned = prevSentence.some((x) => x.future) || u.again;
          if (planned) roles = [...new Set(prevSentence.flatMap((x) => x.roles))];
        }
      }
      if (roles.length) for (const r of roles) out.push({ role: r, date: unitDates[0]! });
      else out.push({ role: null, date: unitDates[0]! });
    } else if (u.roles.length && u.future) {
      for (const r of u.roles) out.push({ role: r, date: null });
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------

/** All suggestions for a note, in the order contacts, opportunities, products, price, quantity, payment, trial, next steps. */
export function suggestFromNote(note: string, ctx: SuggestContext): SuggestionItem[] {
  const f = fold(note);
  const raw = tokenize(f);
  const tokens = raw.map((t) => ({ ...t, t: t.num ? t.t : canon(t.t) }));
  const items: SuggestionItem[] = [];
  const seen = new Set<string>();
  const push = (item: SuggestionItem) => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    items.push(item);
  };

  // people and opportunities of the company
  const byPerson = new Map(ctx.people.map((p) => [p.id, p]));
  for (const id of matchPeople(ctx.people, raw)) {
    const p = byPerson.get(id)!;
    push({ id: `contact-${id}`, kind: 'block', label: `Contact: ${p.name}`, block: 'contact', fields: { person_id: String(id), name: p.name } });
  }
  const oppEntries = ctx.opps.map((o) => entryOf(o.id, o.name));
  const oppIds = new Set(matchEntries(oppEntries, tokens, f, { allowUnique: false, allowNumeric: false }).map((m) => m.id));
  for (const m of f.matchAll(/\bo-?(\d{1,10})\b/g)) if (ctx.opps.some((o) => o.id === Number(m[1]))) oppIds.add(Number(m[1]));
  for (const o of ctx.opps.filter((x) => oppIds.has(x.id))) {
    const stage = ctx.stageLabels[o.stage] ?? o.stage;
    push({ id: `opp-${o.id}`, kind: 'block', label: `Opportunity: ${o.name} (${stage})`, block: 'opp', fields: { opp_id: String(o.id), name: o.name, stage: o.stage } });
  }

  // products
  const productEntries = ctx.products.map((p) => entryOf(p.id, p.name, p.code));
  const productMatches = matchEntries(productEntries, tokens, f, { allowUnique: true, allowNumeric: true });
  const byProduct = new Map(ctx.products.map((p) => [p.id, p]));
  const productSpans: Span[] = [];
  for (const m of productMatches.sort((a, b) => Math.min(...a.positions) - Math.min(...b.positions))) {
    const p = byProduct.get(m.id)!;
    push({ id: `product-${p.id}`, kind: 'block', label: `Product: ${p.name} (${p.code})`, block: 'product', fields: { product_id: String(p.id), code: p.code, product: p.name } });
    // the numbers of a matched name ("Kraft Torba 25 kg") are no quantity
    const entry = productEntries.find((e) => e.id === m.id)!;
    for (const pos of m.positions) {
      for (let k = pos + 1; k <= pos + 3 && k < raw.length; k++) if (raw[k]!.num && entry.numbers.some((x) => x.n === raw[k]!.t)) productSpans.push({ start: raw[k]!.start, end: raw[k]!.end });
    }
  }

  // price, payment terms, quantity, dates
  const prices = findPrices(f);
  for (const p of prices) {
    const unit = p.unit ? unitName(p.unit, ctx.units) : '';
    const fields: Record<string, string> = { price: formatNumber(p.price), currency: p.currency };
    if (unit) fields.unit = unit;
    push({ id: `price-${fields.price}-${p.currency}-${unit}`, kind: 'block', label: `Price: ${fields.price} ${p.currency}${unit ? `/${unit}` : ''}`, block: 'price', fields });
  }
  const payments = findPaymentTerms(f, prices);
  const quantities = findQuantities(f, [...prices, ...payments, ...productSpans]);
  const dates = findDates(f, ctx.today, [...prices, ...payments, ...quantities]);
  payments.push(...findBarePaymentDays(f, [...prices, ...payments, ...quantities, ...dates]));
  for (const q of quantities) {
    const unit = unitName(q.unit, ctx.units);
    const amount = formatNumber(q.amount);
    push({ id: `qty-${amount}-${unit}`, kind: 'block', label: `Quantity: ${amount} ${unit}`, block: 'quantity', fields: { kg: amount, unit } });
  }
  for (const p of payments.sort((a, b) => a.start - b.start)) {
    push({ id: `payment-${p.days}`, kind: 'block', label: p.days ? `Payment: ${p.days} days` : 'Payment: in advance', block: 'payment', fields: { payment_days: String(p.days) } });
  }

  // trial results, sentence by sentence
  const sentences = sentencesOf(f);
  const outcomeSentences = new Set<number>();
  sentences.forEach((s, i) => {
    for (const outcome of trialOutcomes(f.slice(s.start, s.end))) {
      outcomeSentences.add(i);
      const result = ctx.trialResults[outcome] ?? '';
      push({ id: `trial-${outcome}`, kind: 'block', label: `Trial: ${result || outcome}`, block: 'trial', fields: { outcome, ...(result ? { result } : {}) } });
    }
  });

  // next steps
  const units = unitsOf(f, sentences, outcomeSentences, raw);
  const steps = nextSteps(units, dates, ctx.today);
  // next actions of the workspace that are no role, named literally ("Technical audit")
  const mapped = new Set(Object.values(ctx.nextActionRoles));
  for (const action of ctx.nextActions.filter((a) => !mapped.has(a))) {
    const key = fold(action).trim();
    if (key.length < 3) continue;
    const at = f.indexOf(key);
    if (at < 0) continue;
    const unitDate = dates.find((d) => d.date && units.some((u) => u.start <= at && at <= u.end && d.start >= u.start && d.end <= u.end));
    steps.push({ role: null, custom: action, date: unitDate?.date ?? null });
  }
  const dated = new Set(steps.filter((s) => s.date).map((s) => s.custom ?? s.role));
  for (const s of steps) {
    const action = s.custom ?? (s.role ? ctx.nextActionRoles[s.role] : undefined);
    if (s.role && !action) continue; // the workspace has no next action for this role
    if (!s.date && dated.has(s.custom ?? s.role)) continue; // the dated one says more
    if (action) {
      push({
        id: `next-${fold(action).replace(/[^a-z0-9]+/g, '-')}-${s.date ?? 'open'}`,
        kind: action,
        label: s.date ? `${action} · ${s.date}` : action,
        block: 'next',
        fields: { action, ...(s.date ? { date: s.date } : {}) },
      });
    } else if (s.date) {
      push({ id: `next-date-${s.date}`, kind: 'block', label: `Next step · ${s.date}`, block: 'next', fields: { date: s.date } });
    }
  }
  return items;
}

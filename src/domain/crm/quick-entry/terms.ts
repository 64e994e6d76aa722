/**
 * Commercial terms in a folded note (Quick Entry, spec 2.12): prices, payment terms and quantities,
 * with the units and currencies they are written in. Pure.
 */
import { parseNumber } from './numbers';
import { fold, overlaps, Span } from './text';

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
export function unitName(key: string, units: string[]): string {
  const words = UNIT_WORDS[key] ?? [key];
  return units.find((u) => words.includes(fold(u))) ?? key;
}
function currencyCode(word: string): string | null {
  for (const [re, code] of CURRENCIES) if (re.test(word)) return code;
  return null;
}


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

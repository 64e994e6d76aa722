/**
 * Numbers as salespeople write them, Turkish and English (pure):
 * - both separators: the last one is the decimal mark ("1.250,50" and "1,250.50" are 1250.5);
 * - one separator followed by exactly three digits, or the same separator twice: thousands
 *   ("1.250" and "50.000" and "1,250" are whole numbers; "0,125" stays a fraction);
 * - otherwise the separator is the decimal mark ("12,5", "3.40").
 */
export function parseNumber(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d+(?:[.,]\d+)*$/.test(s)) return null;
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  let normalized: string;
  if (dots && commas) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    if ((s.match(decimal === '.' ? /\./g : /,/g) ?? []).length > 1) return null;
    normalized = s.split(thousands).join('').replace(decimal, '.');
  } else if (dots + commas === 0) {
    normalized = s;
  } else {
    const sep = dots ? '.' : ',';
    const parts = s.split(sep);
    const groupsOfThree = parts.slice(1).every((p) => p.length === 3);
    const thousands = (parts.length > 2 && groupsOfThree) || (parts.length === 2 && groupsOfThree && parts[0] !== '0');
    if (parts.length > 2 && !groupsOfThree) return null;
    normalized = thousands ? parts.join('') : `${parts[0]}.${parts[1]}`;
  }
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

/** A number as a suggestion field: no trailing zeros, a dot as the decimal mark ("12.5", "5000"). */
export function formatNumber(n: number): string {
  return String(Math.round(n * 10_000) / 10_000);
}

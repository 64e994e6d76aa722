/** Pure rules reading cell text as people type it (dates, numbers, yes/no, constants): table-tested. */

/** A header or a value folded for comparison: case, Turkish letters, accents and punctuation ignored. */
export function fold(s: string): string {
  return s
    .replace(/İ/g, 'i')
    .replace(/I/g, 'i')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

/** Excel's day 0 (its 1900 leap-year bug included, as every spreadsheet reads it). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date as YYYY-MM-DD, or null: `2026-12-31`, `31.12.2026` / `31/12/2026` / `31-12-2026` (day first, as
 * in Turkey and most of Europe), a two-digit year as 20xx, or an Excel serial day number (1-2958465).
 */
export function parseDate(text: string): string | null {
  const s = text.trim();
  let y: number;
  let m: number;
  let d: number;
  let r: RegExpExecArray | null;
  if ((r = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s))) [y, m, d] = [+r[1]!, +r[2]!, +r[3]!];
  else if ((r = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(s))) [d, m, y] = [+r[1]!, +r[2]!, r[3]!.length === 2 ? 2000 + +r[3]! : +r[3]!];
  else if (/^\d{1,7}(\.\d+)?$/.test(s)) {
    const serial = Math.floor(Number(s));
    if (serial < 1 || serial > 2_958_465) return null;
    return new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10);
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A number, or null. With both `.` and `,` the last one is the decimal mark (`1.234,50`, `1,234.50`);
 * with one kind only, repeated means thousands (`1.234.567`), once means decimals (`1234,5`, `12.5`)
 * unless it groups exactly three digits after one to three (`1.234`, `1,234`): thousands, which is what
 * a spreadsheet's export writes. Currency signs, spaces and `%` around it are ignored.
 */
export function parseNumber(text: string): number | null {
  let s = text.trim().replace(/[\s\u00a0\u202f'₺$€£%]/g, '').replace(/^(TL|TRY|EUR|USD)|(TL|TRY|EUR|USD)$/i, '');
  if (!/^[-+]?[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ',';
    const thousands = dec === '.' ? ',' : '.';
    s = s.split(thousands).join('').replace(dec, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const parts = s.split(mark);
    const grouped = /^[-+]?\d{1,3}$/.test(parts[0]!) && parts.slice(1).every((p) => p.length === 3);
    if (parts.length > 2 || grouped) {
      if (!grouped) return null;
      s = parts.join('');
    } else s = parts.join('.');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const YES = new Set(['1', 'yes', 'y', 'true', 'x', 'evet', 'e', 'var', 'dogru']);
const NO = new Set(['0', 'no', 'n', 'false', 'hayir', 'h', 'yok', 'yanlis']);

/** Yes / no in English or Turkish, or null. */
export function parseBool(text: string): boolean | null {
  const f = fold(text);
  if (YES.has(f)) return true;
  if (NO.has(f)) return false;
  return null;
}

/**
 * The key of a workspace constant a cell names: by key or by its label in any language, folded. Null
 * when it names none (the caller refuses the row, naming the allowed values).
 */
export function matchConstant(text: string, keys: readonly string[], labels: Record<string, string>[]): string | null {
  const f = fold(text);
  if (!f) return null;
  for (const k of keys) if (fold(k) === f) return k;
  for (const map of labels) for (const k of keys) if (map[k] !== undefined && fold(map[k]) === f) return k;
  return null;
}

/** The host of a web address or e-mail domain, lower case, without `www.`: what companies are matched on. */
export function domainOf(text: string): string {
  let s = text.trim().toLowerCase();
  if (!s) return '';
  const at = s.lastIndexOf('@');
  if (at >= 0) s = s.slice(at + 1);
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#:].*$/, '').replace(/^www\./, '');
  return s;
}

/** A plausible e-mail address (the REST DTOs' own check is stricter; this only keeps junk out of match keys). */
export const looksLikeEmail = (s: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

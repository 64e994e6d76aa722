/**
 * CSV cells as the exports and the refused-rows download write them: one field's quoting and the guard against
 * formulas, shared by rest/export and rest/imports.
 */

/** A cell of an exported row. */
export type Cell = string | number | boolean | null;

/**
 * A text cell a spreadsheet would run as a formula gets a leading single quote (OWASP "CSV Injection"),
 * which Excel and LibreOffice show as text. Numbers stay numbers (a negative amount is not a formula).
 * The first character is compared by its code (= + - @ tab CR): a regular expression per cell was a few per cent
 * of an export's CPU.
 */
export function escapeFormula(v: Cell): Cell {
  if (typeof v !== 'string' || v.length === 0) return v;
  const c = v.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${v}` : v;
}

/**
 * One CSV field, byte for byte what csv-stringify writes with the options this writer used to give it (RFC 4180:
 * a field holding the delimiter, a quote, CR or LF is quoted, quotes doubled; null and '' are empty; booleans as
 * true/false). Written here because csv-stringify's per-field work (option objects, casts, separator scans) was
 * the largest single cost of an export (docs/performance.md, "Export"); test/unit/exports/csv-writer.spec.ts compares both.
 */
export function csvField(v: Cell, special: RegExp): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? 'true' : 'false') : String(v);
  if (!special.test(s)) return s;
  return `"${s.replaceAll('"', '""')}"`;
}

/** The characters that make a field quoted, for a delimiter. */
export const CSV_SPECIAL: Record<string, RegExp> = { ',': /[",\n\r]/, ';': /[";\n\r]/ };

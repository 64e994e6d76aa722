import type { z } from 'zod';
import { escapeFormula, type Cell } from '../shared/csv';

/** One column of an export: its header and how a record of the REST list gives its cell. */
export interface ExportColumn {
  header: string;
  cell: (item: Record<string, unknown>) => Cell;
}

export type { Cell } from '../shared/csv';

/**
 * Fields of the list answers that describe the caller's screen rather than the record (a card's initials,
 * whether the caller may edit, a page's URL, a colour): an export is data to keep or re-import, so they are
 * left out (docs/decisions/import-export.md, "Columns").
 */
const PRESENTATION = new Set(['initials', 'can_edit', 'can_revive', 'editable', 'url', 'health_color', 'value_short', 'cur_sym', 'guide', 'sub']);

/** What a record reference shows as its name, in this order. */
const NAME_KEYS = ['name', 'full_name', 'title', 'label'];

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { def: Def }).def;

/** The schema under nullable / optional / default wrappers. */
function unwrap(s: z.ZodType): z.ZodType {
  let cur = s;
  for (let d = defOf(cur); d.innerType && ['nullable', 'optional', 'default', 'readonly', 'nonoptional'].includes(d.type); d = defOf(cur)) cur = d.innerType;
  return cur;
}

const SCALARS = new Set(['string', 'number', 'int', 'boolean', 'enum', 'literal', 'bigint']);

/** A value that is not a plain cell: arrays of scalars joined, anything else as JSON. */
function plain(v: unknown): Cell {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && v.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return v.join('; ');
  return JSON.stringify(v);
}

const field = (item: Record<string, unknown>, key: string): Record<string, unknown> | null => {
  const v = item[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
};

/**
 * The columns of a list's item schema (the REST answer's own shape, so an export shows the fields the API
 * shows): a scalar is one column; a related record ({id, name, ...}: owner, assignee, customer) is two,
 * `<key>_id` and `<key>` (its name); another object is one column per scalar (`health_grade`); an array of
 * scalars is one column joined with "; "; arrays of records (orders, steps, relations) are left out. A
 * record (`fields` of a custom object) becomes one column per key in `dynamic` (`fields.<key>`).
 */
export function columnsOf(item: z.ZodType, dynamic: Record<string, string[]> = {}): ExportColumn[] {
  const shape = defOf(unwrap(item)).shape ?? {};
  const out: ExportColumn[] = [];
  const seen = new Set<string>();
  const add = (header: string, cell: ExportColumn['cell']) => {
    if (seen.has(header)) return;
    seen.add(header);
    out.push({ header, cell });
  };
  // a reference's `<key>_id` sits beside the key it names: both are taken from the record's own scalars first
  for (const [key, raw] of Object.entries(shape)) {
    if (PRESENTATION.has(key)) continue;
    const s = unwrap(raw);
    const d = defOf(s);
    if (SCALARS.has(d.type)) add(key, (i) => plain(i[key]));
    else if (d.type === 'array') {
      if (SCALARS.has(defOf(unwrap(d.element!)).type)) add(key, (i) => plain(i[key]));
    } else if (d.type === 'record') {
      for (const k of dynamic[key] ?? []) add(`${key}.${k}`, (i) => plain(field(i, key)?.[k]));
    } else if (d.type === 'object') objectColumns(key, d.shape ?? {}, add);
  }
  return out;
}

function objectColumns(key: string, shape: Record<string, z.ZodType>, add: (header: string, cell: ExportColumn['cell']) => void): void {
  if ('id' in shape) {
    const nameKey = NAME_KEYS.find((k) => k in shape);
    add(`${key}_id`, (i) => plain(field(i, key)?.id));
    if (nameKey) add(key, (i) => plain(field(i, key)?.[nameKey]));
    return;
  }
  for (const [sub, raw] of Object.entries(shape)) {
    if (SCALARS.has(defOf(unwrap(raw)).type)) add(`${key}_${sub}`, (i) => plain(field(i, key)?.[sub]));
  }
}

/** The row of one record: its cells in column order, text cells escaped. */
export function rowOf(columns: ExportColumn[], item: Record<string, unknown>): Cell[] {
  const out = new Array<Cell>(columns.length);
  for (let i = 0; i < columns.length; i++) out[i] = escapeFormula(columns[i]!.cell(item));
  return out;
}

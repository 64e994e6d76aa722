import { isIsoDate } from '../../../platform/common/time';

/**
 * Pure rules of custom objects (docs/crm-rules.md, "Custom objects"): the shape of a definition, and
 * the typed value of a field. No database here; the service loads what these functions need.
 */

export const FIELD_TYPES = ['text', 'number', 'date', 'select', 'multiselect', 'checkbox', 'person', 'money'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What a relation points at: a CRM record kind, or the records of a custom object (`object` names it). */
export const RELATION_KINDS = ['company', 'person', 'opportunity', 'object'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export interface FieldDef {
  key: string;
  label: string;
  type: FieldType;
  /** The allowed values of select and multiselect fields (empty for the other types). */
  options: string[];
  required: boolean;
  /** Shown in the record's subtitle (`sub`) and in lists. */
  display: boolean;
}

export interface RelationDef {
  key: string;
  label: string;
  kind: RelationKind;
  /** The target object's key when kind is `object` (may be the object itself); '' otherwise. */
  object: string;
  /** Several targets (true) or at most one (false). */
  many: boolean;
}

export interface ObjectDefInput {
  key?: unknown;
  label?: unknown;
  fields?: unknown;
  relations?: unknown;
}

export const KEY_RE = /^[a-z][a-z0-9_]{0,39}$/;
export const MAX_FIELDS = 100;
export const MAX_RELATIONS = 20;
export const MAX_OPTIONS = 100;
export const MAX_TEXT = 5000;
/** Money amounts: numeric(16,2) range, as the other amounts of the API. */
export const MAX_AMOUNT = 1e13;
export const MAX_NUMBER = 1e15;

export interface Problem {
  field: string;
  message: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function keyProblem(v: unknown): string | null {
  if (typeof v !== 'string' || !KEY_RE.test(v)) return 'must be 1-40 characters: a lower-case letter, then lower-case letters, digits or _';
  return null;
}

function labelOf(v: unknown, field: string, problems: Problem[]): string {
  const l = text(v);
  if (!l) problems.push({ field, message: 'must be a non-empty string' });
  else if (l.length > 100) problems.push({ field, message: 'must be at most 100 characters' });
  return l;
}

/**
 * Checks field definitions and returns them normalized (trimmed labels, options only where they belong,
 * booleans defaulted). Problems name the path (`fields.2.options`).
 */
export function parseFields(raw: unknown, problems: Problem[]): FieldDef[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push({ field: 'fields', message: 'must be an array' });
    return [];
  }
  if (raw.length > MAX_FIELDS) problems.push({ field: 'fields', message: `at most ${MAX_FIELDS} fields` });
  const out: FieldDef[] = [];
  const seen = new Set<string>();
  raw.slice(0, MAX_FIELDS).forEach((f: unknown, i) => {
    const at = `fields.${i}`;
    if (!isObj(f)) return problems.push({ field: at, message: 'must be an object' });
    const kp = keyProblem(f.key);
    if (kp) problems.push({ field: `${at}.key`, message: kp });
    else if (seen.has(f.key as string)) problems.push({ field: `${at}.key`, message: `duplicate field key ${String(f.key)}` });
    else seen.add(f.key as string);
    const label = labelOf(f.label, `${at}.label`, problems);
    const type = f.type as FieldType;
    if (!FIELD_TYPES.includes(type)) problems.push({ field: `${at}.type`, message: `must be one of ${FIELD_TYPES.join(', ')}` });
    const choice = type === 'select' || type === 'multiselect';
    let options: string[] = [];
    if (f.options !== undefined && f.options !== null) {
      if (!Array.isArray(f.options) || f.options.some((o) => typeof o !== 'string')) problems.push({ field: `${at}.options`, message: 'must be an array of strings' });
      else if (!choice && f.options.length) problems.push({ field: `${at}.options`, message: 'only select and multiselect fields have options' });
      else {
        options = (f.options as string[]).map((o) => o.trim());
        if (options.some((o) => !o || o.length > 100)) problems.push({ field: `${at}.options`, message: 'each option must be 1-100 characters' });
        else if (new Set(options).size !== options.length) problems.push({ field: `${at}.options`, message: 'options must be distinct' });
        else if (options.length > MAX_OPTIONS) problems.push({ field: `${at}.options`, message: `at most ${MAX_OPTIONS} options` });
      }
    }
    if (choice && !options.length && !problems.some((p) => p.field === `${at}.options`)) problems.push({ field: `${at}.options`, message: `a ${type} field needs at least one option` });
    for (const b of ['required', 'display'] as const) {
      if (f[b] !== undefined && f[b] !== null && typeof f[b] !== 'boolean') problems.push({ field: `${at}.${b}`, message: 'must be a boolean' });
    }
    if (type === 'checkbox' && f.required === true) problems.push({ field: `${at}.required`, message: 'a checkbox cannot be required (it is either ticked or not)' });
    out.push({ key: String(f.key), label, type, options, required: f.required === true, display: f.display === true });
  });
  return out;
}

/**
 * Checks relation definitions. `objectKeys` are the workspace's object keys including the one being
 * defined (a relation may point at its own object).
 */
export function parseRelations(raw: unknown, objectKeys: Set<string>, problems: Problem[]): RelationDef[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push({ field: 'relations', message: 'must be an array' });
    return [];
  }
  if (raw.length > MAX_RELATIONS) problems.push({ field: 'relations', message: `at most ${MAX_RELATIONS} relations` });
  const out: RelationDef[] = [];
  const seen = new Set<string>();
  raw.slice(0, MAX_RELATIONS).forEach((r: unknown, i) => {
    const at = `relations.${i}`;
    if (!isObj(r)) return problems.push({ field: at, message: 'must be an object' });
    const kp = keyProblem(r.key);
    if (kp) problems.push({ field: `${at}.key`, message: kp });
    else if (seen.has(r.key as string)) problems.push({ field: `${at}.key`, message: `duplicate relation key ${String(r.key)}` });
    else seen.add(r.key as string);
    const label = labelOf(r.label, `${at}.label`, problems);
    const kind = r.kind as RelationKind;
    let object = '';
    if (!RELATION_KINDS.includes(kind)) problems.push({ field: `${at}.kind`, message: `must be one of ${RELATION_KINDS.join(', ')}` });
    else if (kind === 'object') {
      if (typeof r.object !== 'string' || !objectKeys.has(r.object)) problems.push({ field: `${at}.object`, message: 'must be the key of an object of this workspace' });
      else object = r.object;
    } else if (r.object !== undefined && r.object !== null && r.object !== '') problems.push({ field: `${at}.object`, message: 'only relations of kind object name an object' });
    if (r.many !== undefined && r.many !== null && typeof r.many !== 'boolean') problems.push({ field: `${at}.many`, message: 'must be a boolean' });
    out.push({ key: String(r.key), label, kind, object, many: r.many === true });
  });
  return out;
}

// ---------------------------------------------------------------- values

export interface Money {
  amount: number;
  currency: string;
}

export type FieldValue = string | number | boolean | string[] | Money;

/** A value that means "empty": the field is cleared. */
export const isEmptyValue = (v: unknown): boolean => v === null || v === '' || (Array.isArray(v) && v.length === 0);

export interface ValueContext {
  /** The workspace's currencies (money); the first one is used when a plain number is sent. */
  currencies: string[];
  baseCurrency: string;
}

const decimals = (v: number): number => {
  const [mantissa, exp] = String(Math.abs(v)).split('e');
  return Math.max(0, (mantissa!.split('.')[1] ?? '').length - Number(exp ?? 0));
};

/**
 * The stored value of one field from what a client sent, or a problem message. Empty values are
 * handled by the caller (they clear). Person fields return the user id; the caller checks the user.
 */
export function parseValue(def: FieldDef, v: unknown, ctx: ValueContext): { value: FieldValue } | { problem: string } {
  switch (def.type) {
    case 'text':
      if (typeof v !== 'string') return { problem: 'must be a string' };
      if (v.length > MAX_TEXT) return { problem: `must be at most ${MAX_TEXT} characters` };
      return { value: v };
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return { problem: 'must be a number' };
      if (Math.abs(v) > MAX_NUMBER) return { problem: `must be between -${MAX_NUMBER} and ${MAX_NUMBER}` };
      return { value: v };
    case 'date':
      if (!isIsoDate(v)) return { problem: 'must be a date YYYY-MM-DD' };
      return { value: v };
    case 'select':
      if (typeof v !== 'string' || !def.options.includes(v)) return { problem: `must be one of ${def.options.join(', ')}` };
      return { value: v };
    case 'multiselect': {
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return { problem: 'must be an array of options' };
      const bad = (v as string[]).filter((x) => !def.options.includes(x));
      if (bad.length) return { problem: `${bad.slice(0, 3).join(', ')} not among the options ${def.options.join(', ')}` };
      // kept in the order of the options, each once
      return { value: def.options.filter((o) => (v as string[]).includes(o)) };
    }
    case 'checkbox':
      if (typeof v !== 'boolean') return { problem: 'must be true or false' };
      return { value: v };
    case 'person':
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2_147_483_647) return { problem: 'must be a user id' };
      return { value: v };
    case 'money': {
      let amount: unknown = v;
      let currency = ctx.baseCurrency;
      if (isObj(v)) {
        const extra = Object.keys(v).filter((k) => k !== 'amount' && k !== 'currency');
        if (extra.length) return { problem: 'must be {amount, currency} or a number' };
        amount = v.amount;
        if (v.currency !== undefined) {
          if (typeof v.currency !== 'string' || !ctx.currencies.includes(v.currency.toUpperCase())) return { problem: `currency must be one of ${ctx.currencies.join(', ')}` };
          currency = v.currency.toUpperCase();
        }
      }
      if (typeof amount !== 'number' || !Number.isFinite(amount)) return { problem: 'must be {amount, currency} or a number' };
      if (Math.abs(amount) > MAX_AMOUNT) return { problem: `amount must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}` };
      if (decimals(amount) > 2) return { problem: 'amount must have at most 2 decimal places' };
      return { value: { amount, currency } };
    }
  }
}

/** The value shown for a field with nothing stored: false for a checkbox, [] for a multiselect, else null. */
export function emptyValue(def: FieldDef): FieldValue | null {
  if (def.type === 'checkbox') return false;
  if (def.type === 'multiselect') return [];
  return null;
}

/**
 * Applies a `fields` patch to stored values: only the keys sent change; an empty value ('' / null / [])
 * removes the key; a required field cannot be cleared, and on create (`creating`) every required field
 * must have a value. Unknown keys are refused. Problems name `fields.<key>`.
 */
export function applyFieldPatch(
  defs: FieldDef[],
  stored: Record<string, unknown>,
  patch: Record<string, unknown> | undefined,
  ctx: ValueContext,
  creating: boolean,
): { data: Record<string, unknown>; problems: Problem[]; personIds: Map<string, number> } {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const data: Record<string, unknown> = { ...stored };
  const problems: Problem[] = [];
  const personIds = new Map<string, number>();
  for (const [key, v] of Object.entries(patch ?? {})) {
    const def = byKey.get(key);
    const field = `fields.${key}`;
    if (!def) {
      problems.push({ field, message: 'no such field on this object' });
      continue;
    }
    if (isEmptyValue(v)) {
      if (def.required) problems.push({ field, message: 'is required' });
      else delete data[key];
      continue;
    }
    const r = parseValue(def, v, ctx);
    if ('problem' in r) problems.push({ field, message: r.problem });
    else {
      data[key] = r.value;
      if (def.type === 'person') personIds.set(key, r.value as number);
    }
  }
  if (creating) {
    for (const d of defs) if (d.required && (data[d.key] === undefined || isEmptyValue(data[d.key])) && !problems.some((p) => p.field === `fields.${d.key}`)) problems.push({ field: `fields.${d.key}`, message: 'is required' });
  }
  return { data, problems, personIds };
}

// ---------------------------------------------------------------- definition changes

/** What a definition change does to stored values and links (the service runs these as statements). */
export interface DefinitionChange {
  /** Fields whose values are removed from every record (field removed, or its type changed). */
  dropFields: string[];
  /** Select fields whose value is removed where it is no longer among the options. */
  narrowSelect: { key: string; options: string[] }[];
  /** Multiselect fields whose arrays keep only the remaining options. */
  narrowMulti: { key: string; options: string[] }[];
  /** Relations whose links are removed (relation removed, or its target changed). */
  dropRelations: string[];
  /** Relations turned from many to one: each record keeps only its newest link. */
  toOne: string[];
}

export function definitionChange(before: { fields: FieldDef[]; relations: RelationDef[] }, after: { fields: FieldDef[]; relations: RelationDef[] }): DefinitionChange {
  const out: DefinitionChange = { dropFields: [], narrowSelect: [], narrowMulti: [], dropRelations: [], toOne: [] };
  const next = new Map(after.fields.map((f) => [f.key, f]));
  for (const f of before.fields) {
    const n = next.get(f.key);
    if (!n || n.type !== f.type) out.dropFields.push(f.key);
    else if (f.options.some((o) => !n.options.includes(o))) (n.type === 'select' ? out.narrowSelect : out.narrowMulti).push({ key: n.key, options: n.options });
  }
  const nextRel = new Map(after.relations.map((r) => [r.key, r]));
  for (const r of before.relations) {
    const n = nextRel.get(r.key);
    if (!n || n.kind !== r.kind || n.object !== r.object) out.dropRelations.push(r.key);
    else if (r.many && !n.many) out.toOne.push(r.key);
  }
  return out;
}

/** The subtitle of a record: the values of its display fields, in field order, joined with " · ". */
export function subtitle(defs: FieldDef[], data: Record<string, unknown>, personName: (id: number) => string): string {
  const parts: string[] = [];
  for (const d of defs) {
    if (!d.display) continue;
    const v = data[d.key];
    if (v === undefined || isEmptyValue(v)) continue;
    if (d.type === 'checkbox') {
      if (v === true) parts.push(d.label);
    } else if (d.type === 'multiselect') parts.push((v as string[]).join(', '));
    else if (d.type === 'person') parts.push(personName(v as number));
    else if (d.type === 'money') parts.push(`${(v as Money).amount} ${(v as Money).currency}`);
    else parts.push(String(v));
  }
  return parts.filter(Boolean).join(' · ');
}

import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../../platform/common/crypto';
import { CompanyCreateFields, type CompanyCreateInput } from '../companies';
import { LeadCreateFields, type LeadCreateInput } from '../leads';
import { PersonCreateFields, type PersonCreateInput } from '../people';
import type { TaskFields } from '../tasks';

export const HOOK_TARGETS = ['lead', 'company', 'person', 'task', 'object'] as const;
export type HookTarget = (typeof HOOK_TARGETS)[number];
export const AUTH_MODES = ['bearer', 'signature'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** One row of a hook's mapping: the target field gets the value at `path` of the payload, or the constant `value`. */
export interface MappingRow {
  field: string;
  path?: string;
  value?: string | number | boolean | null;
}

export const MAX_MAPPING_ROWS = 50;
export const MAX_PATH = 200;
export const MAX_CONSTANT = 1000;
/** Standard Webhooks: a timestamp further than this from now is refused (replays of old messages). */
export const TOLERANCE_SECONDS = 300;
export const MAX_IDEMPOTENCY_KEY = 255;

type Fields<T> = readonly (keyof T & string)[];
/**
 * The fields of each target a mapping may fill: those of the REST create body (typed against the domain's
 * input, so a renamed field fails to compile here). The create's own validation still runs on every payload.
 */
// a lead's: its declared create fields, the company first
const LEAD: Fields<LeadCreateInput> = Object.keys(LeadCreateFields.shape) as (keyof LeadCreateInput)[];
/** A company's: its declared create fields. */
const COMPANY: Fields<CompanyCreateInput> = Object.keys(CompanyCreateFields.shape) as (keyof CompanyCreateInput)[];
/** A person's: the declared create fields, the name first. */
const PERSON: Fields<PersonCreateInput> = ['name', ...(Object.keys(PersonCreateFields.shape) as (keyof PersonCreateInput)[]).filter((k) => k !== 'name')];
const TASK: Fields<TaskFields> = ['title', 'description', 'due_date', 'priority', 'status', 'assignee_id', 'customer_id', 'person_id', 'opp_id'];

/** A custom object's record: its name, owner and active flag, and `fields.<key>` / `links.<key>` of its definition (objectFields). */
const OBJECT_RECORD = ['name', 'owner_id', 'active'] as const;

export const TARGET_FIELDS: Record<HookTarget, readonly string[]> = { lead: LEAD, company: COMPANY, person: PERSON, task: TASK, object: OBJECT_RECORD };

/** The mapping fields of one custom object's records: the common ones, then each field and relation of its definition. */
export function objectFields(def: { fields: { key: string }[]; relations: { key: string }[] }): string[] {
  return [...OBJECT_RECORD, ...def.fields.map((f) => `fields.${f.key}`), ...def.relations.map((r) => `links.${r.key}`)];
}
/** The field each target's create needs (its REST body requires it). */
export const REQUIRED_FIELD: Record<HookTarget, string> = { lead: 'company', company: 'name', person: 'name', task: 'title', object: 'name' };

export type Segment = string | number;
const KEY = /^[^.[\]]+/;
const INDEX = /^\[(\d{1,6})\]/;

/** `data.email`, `answers[0].text`, `[2].name`: keys between dots, array indices in brackets; null when malformed. */
export function parsePath(path: string): Segment[] | null {
  if (!path || path.length > MAX_PATH) return null;
  const out: Segment[] = [];
  let rest = path;
  let first = true;
  while (rest) {
    let m = INDEX.exec(rest);
    if (m) {
      out.push(Number(m[1]));
      rest = rest.slice(m[0].length);
    } else {
      if (!first) {
        if (rest[0] !== '.') return null;
        rest = rest.slice(1);
      }
      m = KEY.exec(rest);
      if (!m) return null;
      out.push(m[0]);
      rest = rest.slice(m[0].length);
    }
    first = false;
  }
  return out.length <= 32 ? out : null;
}

/** The value at `path` of a parsed JSON payload; undefined when any step is missing. */
export function valueAt(payload: unknown, path: Segment[]): unknown {
  let v = payload;
  for (const s of path) {
    if (typeof s === 'number') {
      if (!Array.isArray(v) || s >= v.length) return undefined;
      v = v[s];
    } else {
      if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, s)) return undefined;
      v = (v as Record<string, unknown>)[s];
    }
  }
  return v;
}

export interface Problem {
  field: string;
  message: string;
}

/** A mapping as sent by an admin, checked against the target: rows in order, problems named `mapping[i].<prop>`. */
export function checkMapping(target: HookTarget, mapping: unknown, fieldsOf: readonly string[] = TARGET_FIELDS[target]): { rows: MappingRow[]; problems: Problem[] } {
  const rows: MappingRow[] = [];
  const problems: Problem[] = [];
  if (!Array.isArray(mapping) || mapping.length === 0 || mapping.length > MAX_MAPPING_ROWS) {
    return { rows, problems: [{ field: 'mapping', message: `must be a list of 1 to ${MAX_MAPPING_ROWS} rows {field, path} or {field, value}` }] };
  }
  const fields = fieldsOf;
  mapping.forEach((r: unknown, i) => {
    const p = `mapping[${i}]`;
    if (r === null || typeof r !== 'object' || Array.isArray(r)) return problems.push({ field: p, message: 'must be an object {field, path} or {field, value}' });
    const row = r as Record<string, unknown>;
    for (const k of Object.keys(row)) if (!['field', 'path', 'value'].includes(k)) problems.push({ field: `${p}.${k}`, message: 'unknown property' });
    const field = row.field;
    if (typeof field !== 'string' || !fields.includes(field)) problems.push({ field: `${p}.field`, message: `must be a field of a ${target}: ${fields.join(', ')}` });
    else if (rows.some((x) => x.field === field)) problems.push({ field: `${p}.field`, message: `"${field}" is mapped twice` });
    const hasPath = row.path !== undefined;
    const hasValue = row.value !== undefined;
    if (hasPath === hasValue) problems.push({ field: p, message: 'needs either a path or a value' });
    else if (hasPath && (typeof row.path !== 'string' || !parsePath(row.path))) problems.push({ field: `${p}.path`, message: `must be a JSON path like data.email or answers[0].text (at most ${MAX_PATH} characters)` });
    else if (hasValue && !isConstant(row.value)) problems.push({ field: `${p}.value`, message: `must be a text of at most ${MAX_CONSTANT} characters, a number, true, false or null` });
    rows.push(hasPath ? { field: String(field), path: String(row.path) } : { field: String(field), value: row.value as MappingRow['value'] });
  });
  if (!problems.length && !rows.some((r) => r.field === REQUIRED_FIELD[target])) problems.push({ field: 'mapping', message: `a ${target} needs "${REQUIRED_FIELD[target]}" mapped` });
  return { rows, problems };
}

const isConstant = (v: unknown): boolean => v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= MAX_CONSTANT);

/**
 * The target's body from a payload: each row's value as it is in the JSON (the create's own validation
 * judges it); a path that is missing leaves the field out, so a required one reads "is required".
 */
export function applyMapping(rows: MappingRow[], payload: unknown): { body: Record<string, unknown>; sources: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  for (const r of rows) {
    if (r.path !== undefined) sources[r.field] = r.path;
    const v = r.path === undefined ? r.value : valueAt(payload, parsePath(r.path) ?? []);
    if (v !== undefined) put(body, r.field, v);
  }
  return { body, sources };
}

/** `fields.size` of a custom object's record goes into the body's `fields` object (its REST create's shape). */
function put(body: Record<string, unknown>, field: string, v: unknown): void {
  const dot = field.indexOf('.');
  if (dot < 0) {
    body[field] = v;
    return;
  }
  const group = (body[field.slice(0, dot)] ??= {}) as Record<string, unknown>;
  group[field.slice(dot + 1)] = v;
}

/** The idempotency key at `path` of the payload: a text or a number; undefined when absent; null when of another type or too long. */
export function idempotencyKeyAt(payload: unknown, path: string): string | undefined | null {
  const v = valueAt(payload, parsePath(path) ?? []);
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.length <= MAX_IDEMPOTENCY_KEY) return v;
  return null;
}

export interface SignedHeaders {
  id?: string;
  timestamp?: string;
  signature?: string;
}

/**
 * Standard Webhooks verification: `webhook-signature` holds space-separated `v1,<base64>` values, one of
 * which must equal HMAC-SHA256 of `<id>.<timestamp>.<raw body>` keyed with the base64 part of `whsec_…`
 * (compared in constant time); the timestamp within TOLERANCE_SECONDS of now. Returns the reason of a refusal, or null.
 */
export function signatureProblem(key: string, h: SignedHeaders, body: Buffer, nowSeconds: number): string | null {
  if (!h.id || !h.timestamp || !h.signature) return 'webhook-id, webhook-timestamp and webhook-signature headers are required';
  if (!/^\d{1,12}$/.test(h.timestamp)) return 'webhook-timestamp must be seconds since 1970';
  if (Math.abs(nowSeconds - Number(h.timestamp)) > TOLERANCE_SECONDS) return `webhook-timestamp is more than ${TOLERANCE_SECONDS / 60} minutes from now`;
  const secret = Buffer.from(key.startsWith('whsec_') ? key.slice(6) : key, 'base64');
  const expected = createHmac('sha256', secret).update(`${h.id}.${h.timestamp}.`).update(body).digest('base64');
  let ok = false;
  for (const part of h.signature.split(' ')) {
    const [version, sig] = part.split(',', 2);
    // every candidate is compared, so the time taken does not tell which one matched
    if (version === 'v1' && sig !== undefined && constantTimeEqual(sig, expected)) ok = true;
  }
  return ok ? null : 'webhook-signature does not match';
}

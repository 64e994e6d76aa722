import { isIsoDate, daysBetween } from '../../../platform/common/time';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import { MAX_LEAVE_SPAN_DAYS } from './working-days';

/**
 * Approval list fields and the checks of submitted values (pure; errors as `{field, message}` with
 * the field named `fields[i].x` for a definition and `values.<key>` for a value).
 */

export const FIELD_TYPES = ['date', 'person', 'checkbox', 'text', 'number', 'leave_type'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface ApprovalField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Choices of a `leave_type` field (empty for other types). */
  options: string[];
}

export interface Problem {
  field: string;
  message: string;
}

export const MAX_FIELDS = 30;
export const MAX_OPTIONS = 50;
export const MAX_TEXT = 2000;
const KEY_RE = /^[a-z][a-z0-9_]{0,39}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list definition from a request body: fields and the optional working-days pair. */
export function checkDefinition(fields: unknown, days: unknown): { fields: ApprovalField[]; daysStart: string; daysEnd: string; problems: Problem[] } {
  const problems: Problem[] = [];
  const out: ApprovalField[] = [];
  if (!Array.isArray(fields) || fields.length === 0 || fields.length > MAX_FIELDS) {
    problems.push({ field: 'fields', message: `must be a list of 1 to ${MAX_FIELDS} fields {key, label, type, required?, options?}` });
    return { fields: out, daysStart: '', daysEnd: '', problems };
  }
  fields.forEach((f, i) => {
    const p = `fields[${i}]`;
    if (!isObject(f)) return problems.push({ field: p, message: 'must be an object {key, label, type, required?, options?}' });
    for (const k of Object.keys(f)) if (!['key', 'label', 'type', 'required', 'options'].includes(k)) problems.push({ field: `${p}.${k}`, message: 'unknown field property' });
    const key = f.key;
    if (typeof key !== 'string' || !KEY_RE.test(key)) problems.push({ field: `${p}.key`, message: 'must be 1-40 characters: a-z, 0-9 and _, starting with a letter' });
    else if (out.some((x) => x.key === key)) problems.push({ field: `${p}.key`, message: `"${key}" appears twice` });
    const label = typeof f.label === 'string' ? f.label.trim() : '';
    if (!label || label.length > 100) problems.push({ field: `${p}.label`, message: 'must be a non-empty text of at most 100 characters' });
    if (!FIELD_TYPES.includes(f.type as FieldType)) problems.push({ field: `${p}.type`, message: `must be one of ${FIELD_TYPES.join(', ')}` });
    if (f.required !== undefined && typeof f.required !== 'boolean') problems.push({ field: `${p}.required`, message: 'must be true or false' });
    let options: string[] = [];
    if (f.type === 'leave_type') {
      const o = f.options;
      if (!Array.isArray(o) || o.length === 0 || o.length > MAX_OPTIONS || o.some((x) => typeof x !== 'string' || !x.trim() || x.length > 100) || new Set(o).size !== o.length) {
        problems.push({ field: `${p}.options`, message: `must be 1 to ${MAX_OPTIONS} distinct non-empty texts of at most 100 characters` });
      } else options = (o as string[]).map((x) => x.trim());
    } else if (f.options !== undefined && !(Array.isArray(f.options) && f.options.length === 0)) {
      problems.push({ field: `${p}.options`, message: 'only a leave_type field has options' });
    }
    out.push({ key: String(key), label, type: f.type as FieldType, required: f.required === true, options });
  });
  let daysStart = '';
  let daysEnd = '';
  if (days !== undefined && days !== null) {
    if (!isObject(days) || typeof days.start !== 'string' || typeof days.end !== 'string') {
      problems.push({ field: 'working_days', message: 'must be {start, end}: the keys of two date fields' });
    } else {
      for (const end of ['start', 'end'] as const) {
        const f = out.find((x) => x.key === days[end]);
        if (!f || f.type !== 'date') problems.push({ field: `working_days.${end}`, message: 'must be the key of a date field' });
        else f.required = true;
      }
      if (days.start === days.end) problems.push({ field: 'working_days.end', message: 'must be another field than start' });
      daysStart = days.start;
      daysEnd = days.end;
    }
  }
  return { fields: out, daysStart, daysEnd, problems };
}

/**
 * Submitted values checked against a list's fields: required fields present and not empty, types
 * right, options known, no unknown keys; leave lists also need end ≥ start within a year. Empty
 * optional values are dropped. Person fields are returned for the caller to check against the users.
 */
export function checkValues(
  list: { fields: ApprovalField[]; daysStart: string; daysEnd: string },
  values: unknown,
): { values: JsonMap; persons: { key: string; id: number }[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const out: JsonMap = {};
  const persons: { key: string; id: number }[] = [];
  if (!isObject(values)) return { values: out, persons, problems: [{ field: 'values', message: 'must be an object of field key -> value' }] };
  const byKey = new Map(list.fields.map((f) => [f.key, f]));
  for (const k of Object.keys(values)) if (!byKey.has(k)) problems.push({ field: `values.${k}`.slice(0, 100), message: `unknown field; fields: ${list.fields.map((f) => f.key).join(', ')}` });
  for (const f of list.fields) {
    const name = `values.${f.key}`;
    const v = values[f.key];
    const empty = v === undefined || v === null || v === '' || (f.type === 'checkbox' && v === false);
    if (empty) {
      if (f.required) problems.push({ field: name, message: f.type === 'checkbox' ? 'must be checked (true)' : 'is required' });
      else if (f.type === 'checkbox' && v === false) out[f.key] = false;
      continue;
    }
    switch (f.type) {
      case 'date':
        if (!isIsoDate(v)) problems.push({ field: name, message: 'must be a date YYYY-MM-DD' });
        else out[f.key] = v;
        break;
      case 'person':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2_147_483_647) problems.push({ field: name, message: 'must be a user id' });
        else {
          out[f.key] = v;
          persons.push({ key: f.key, id: v });
        }
        break;
      case 'checkbox':
        if (typeof v !== 'boolean') problems.push({ field: name, message: 'must be true or false' });
        else out[f.key] = v;
        break;
      case 'text':
        if (typeof v !== 'string') problems.push({ field: name, message: 'must be a text' });
        else if (v.length > MAX_TEXT) problems.push({ field: name, message: `at most ${MAX_TEXT} characters` });
        else if (!v.trim()) {
          if (f.required) problems.push({ field: name, message: 'is required' });
        } else out[f.key] = v.trim();
        break;
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > 1e12) problems.push({ field: name, message: 'must be a number (at most 1e12)' });
        else out[f.key] = v;
        break;
      case 'leave_type':
        if (typeof v !== 'string' || !f.options.includes(v)) problems.push({ field: name, message: `must be one of ${f.options.join(', ')}` });
        else out[f.key] = v;
        break;
    }
  }
  if (list.daysStart && !problems.length) {
    const start = out[list.daysStart] as string;
    const end = out[list.daysEnd] as string;
    const span = daysBetween(start, end);
    if (span < 0) problems.push({ field: `values.${list.daysEnd}`, message: `must not be before ${list.daysStart}` });
    else if (span >= MAX_LEAVE_SPAN_DAYS) problems.push({ field: `values.${list.daysEnd}`, message: `at most ${MAX_LEAVE_SPAN_DAYS} days after ${list.daysStart}` });
  }
  return { values: out, persons, problems };
}

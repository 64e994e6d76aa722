/**
 * What an import can write: per target its fields (the REST field names), the headers that suggest
 * each field (English and Turkish), how a cell is read, and the keys a row can be matched on.
 * Pure: table-tested. A new target or match key is a new entry here plus its writer (import-writer.ts).
 */
import { MODULES } from '../../workspace/defaults';
import { fold, matchConstant, parseBool, parseDate, parseNumber } from './import-values';

/** The built-in targets; a custom object's records are the target `object:<key>` (its fields from the object's definition). */
export const TARGETS = ['companies', 'people', 'opportunities', 'leads', 'tasks'] as const;
export type BuiltinTarget = (typeof TARGETS)[number];
/** A built-in target or `object:<key>`. */
export type Target = BuiltinTarget | `object:${string}`;
export const OBJECT_TARGET = 'object:';
/** The custom object's key of an `object:<key>` target, else null. */
export const objectKeyOf = (t: string): string | null => (t.startsWith(OBJECT_TARGET) ? t.slice(OBJECT_TARGET.length) : null);
export const isTarget = (t: string): t is Target => (TARGETS as readonly string[]).includes(t) || /^object:[a-z][a-z0-9_]{0,39}$/.test(t);
export const MODES = ['create', 'update', 'upsert', 'skip'] as const;
export type Mode = (typeof MODES)[number];

/**
 * How a cell is read. `user` (a user's e-mail or full name) and `fair` (a fair's name) stay text here and are
 * resolved to ids by the writer, which reads the workspace; `options` are a custom select field's values.
 */
type Kind = 'text' | 'number' | 'bool' | 'id' | 'date' | 'user' | 'fair' | { constant: string } | { options: string[]; many: boolean };

export interface FieldDef {
  field: string;
  kind: Kind;
  headers: string[];
  /** Longest text the record's column takes. */
  max?: number;
}

const EMAIL = ['email', 'e-mail', 'mail', 'e-posta', 'eposta', 'email address', 'e-posta adresi'];
const PHONE = ['phone', 'telephone', 'tel', 'telefon', 'phone number', 'telefon no'];
const NOTE = ['note', 'notes', 'not', 'notlar', 'açıklama', 'description', 'comment'];
const ID = ['id', 'record id', 'kayıt no', 'kayit id'];
/** Another system's key (`external_id`); headers are folded, so External ID, external_id and externalId are one. */
const EXTERNAL_ID = ['external id', 'external key', 'external ref', 'source id', 'harici kimlik', 'harici id', 'harici anahtar', 'dış kimlik', 'dış id', 'dış anahtar'];
const externalIdField: FieldDef = { field: 'external_id', kind: 'text', max: 200, headers: EXTERNAL_ID };

export const FIELDS: Record<BuiltinTarget, FieldDef[]> = {
  companies: [
    { field: 'id', kind: 'id', headers: ID },
    { field: 'name', kind: 'text', max: 200, headers: ['name', 'company', 'company name', 'account', 'account name', 'firma', 'firma adı', 'şirket', 'şirket adı', 'unvan', 'ünvan', 'müşteri', 'müşteri adı', 'customer'] },
    { field: 'status', kind: { constant: 'customer_statuses' }, headers: ['status', 'durum', 'customer status', 'müşteri durumu'] },
    { field: 'sector', kind: 'text', max: 100, headers: ['sector', 'industry', 'sektör'] },
    { field: 'city', kind: 'text', max: 100, headers: ['city', 'şehir', 'il'] },
    { field: 'country', kind: 'text', max: 100, headers: ['country', 'ülke'] },
    { field: 'address', kind: 'text', max: 500, headers: ['address', 'adres'] },
    { field: 'phone', kind: 'text', max: 50, headers: PHONE },
    { field: 'email', kind: 'text', max: 254, headers: EMAIL },
    { field: 'website', kind: 'text', max: 300, headers: ['website', 'web', 'web site', 'web sitesi', 'domain', 'url', 'alan adı'] },
    { field: 'tax_no', kind: 'text', max: 40, headers: ['tax no', 'tax number', 'tax id', 'vat', 'vat number', 'vergi no', 'vergi numarası', 'vkn'] },
    { field: 'tax_office', kind: 'text', max: 100, headers: ['tax office', 'vergi dairesi'] },
    { field: 'erp_code', kind: 'text', max: 60, headers: ['erp code', 'erp kodu', 'cari kod', 'cari kodu'] },
    { field: 'source', kind: 'text', max: 100, headers: ['source', 'lead source', 'kaynak'] },
    { field: 'potential_kg', kind: 'number', headers: ['potential', 'potential kg', 'potansiyel', 'potansiyel kg'] },
    { field: 'note', kind: 'text', max: 10_000, headers: NOTE },
    externalIdField,
  ],
  people: [
    { field: 'id', kind: 'id', headers: ID },
    { field: 'name', kind: 'text', max: 200, headers: ['name', 'full name', 'contact', 'contact name', 'person', 'ad soyad', 'adı soyadı', 'ad', 'isim', 'kişi', 'ilgili kişi'] },
    { field: 'company', kind: 'text', max: 200, headers: ['company', 'company name', 'account', 'account name', 'firma', 'firma adı', 'şirket', 'şirket adı', 'müşteri', 'customer'] },
    { field: 'title', kind: 'text', max: 150, headers: ['title', 'job title', 'position', 'unvan', 'ünvan', 'görev', 'pozisyon'] },
    { field: 'department', kind: 'text', max: 100, headers: ['department', 'departman', 'bölüm'] },
    { field: 'email', kind: 'text', max: 254, headers: EMAIL },
    { field: 'phone', kind: 'text', max: 50, headers: PHONE },
    { field: 'wa', kind: 'text', max: 50, headers: ['whatsapp', 'wa', 'mobile', 'mobile phone', 'cep', 'cep telefonu', 'gsm'] },
    { field: 'is_main', kind: 'bool', headers: ['main contact', 'is main', 'ana kişi', 'ana ilgili'] },
    { field: 'note', kind: 'text', max: 10_000, headers: NOTE },
    externalIdField,
  ],
  opportunities: [
    { field: 'id', kind: 'id', headers: ID },
    { field: 'name', kind: 'text', max: 200, headers: ['name', 'opportunity', 'opportunity name', 'deal', 'deal name', 'fırsat', 'fırsat adı', 'proje', 'proje adı'] },
    { field: 'company', kind: 'text', max: 200, headers: ['company', 'company name', 'account', 'account name', 'customer', 'firma', 'firma adı', 'şirket', 'müşteri'] },
    { field: 'stage', kind: { constant: 'stages' }, headers: ['stage', 'aşama', 'safha'] },
    { field: 'type', kind: { constant: 'opp_types' }, headers: ['type', 'opportunity type', 'tür', 'tip', 'fırsat türü'] },
    { field: 'value', kind: 'number', headers: ['value', 'amount', 'deal value', 'tutar', 'değer', 'bedel'] },
    { field: 'currency', kind: 'text', max: 3, headers: ['currency', 'para birimi', 'döviz'] },
    { field: 'potential_kg', kind: 'number', headers: ['potential', 'potential kg', 'quantity', 'potansiyel', 'miktar'] },
    { field: 'close_date', kind: 'date', headers: ['close date', 'expected close', 'closing date', 'kapanış tarihi', 'tahmini kapanış'] },
    { field: 'start_date', kind: 'date', headers: ['start date', 'created', 'başlangıç tarihi'] },
    { field: 'probability', kind: 'number', headers: ['probability', 'olasılık', 'ihtimal'] },
    { field: 'source', kind: 'text', max: 100, headers: ['source', 'lead source', 'kaynak'] },
    { field: 'competitor', kind: 'text', max: 150, headers: ['competitor', 'rakip'] },
    { field: 'next_step', kind: 'text', max: 300, headers: ['next step', 'sonraki adım'] },
    { field: 'note', kind: 'text', max: 10_000, headers: NOTE },
    externalIdField,
  ],
  leads: [
    { field: 'id', kind: 'id', headers: ID },
    { field: 'company', kind: 'text', max: 200, headers: ['company', 'company name', 'account', 'firma', 'firma adı', 'şirket', 'şirket adı', 'müşteri', 'customer', 'name'] },
    { field: 'contact_name', kind: 'text', max: 200, headers: ['contact', 'contact name', 'person', 'full name', 'ad soyad', 'adı soyadı', 'kişi', 'ilgili kişi', 'yetkili'] },
    { field: 'title', kind: 'text', max: 150, headers: ['title', 'job title', 'position', 'ünvan', 'unvan', 'görev', 'pozisyon'] },
    { field: 'email', kind: 'text', max: 254, headers: EMAIL },
    { field: 'phone', kind: 'text', max: 50, headers: PHONE },
    { field: 'wa', kind: 'text', max: 50, headers: ['whatsapp', 'wa', 'mobile', 'cep', 'cep telefonu', 'gsm'] },
    { field: 'website', kind: 'text', max: 300, headers: ['website', 'web', 'web sitesi', 'url'] },
    { field: 'city', kind: 'text', max: 100, headers: ['city', 'şehir', 'il'] },
    { field: 'sector', kind: 'text', max: 100, headers: ['sector', 'industry', 'sektör'] },
    { field: 'fair', kind: 'fair', max: 200, headers: ['fair', 'trade fair', 'event', 'fuar', 'fuar adı'] },
    { field: 'status', kind: { constant: 'lead_statuses' }, headers: ['status', 'lead status', 'durum'] },
    { field: 'interest', kind: { constant: 'lead_interest' }, headers: ['interest', 'interest level', 'ilgi', 'ilgi düzeyi'] },
    { field: 'next_action', kind: { constant: 'lead_next_actions' }, headers: ['next action', 'next step', 'sonraki adım', 'yapılacak'] },
    { field: 'timing', kind: { constant: 'lead_timings' }, headers: ['timing', 'zamanlama'] },
    { field: 'visitor_type', kind: { constant: 'lead_visitor_types' }, headers: ['visitor type', 'ziyaretçi tipi', 'ziyaretçi türü'] },
    { field: 'products_text', kind: 'text', max: 10_000, headers: ['products', 'ürünler', 'products of interest'] },
    { field: 'next_date', kind: 'date', headers: ['next date', 'follow up', 'follow-up date', 'takip tarihi'] },
    { field: 'potential_kg', kind: 'number', headers: ['potential', 'potential kg', 'potansiyel', 'potansiyel kg'] },
    { field: 'note', kind: 'text', max: 10_000, headers: NOTE },
    externalIdField,
  ],
  tasks: [
    { field: 'id', kind: 'id', headers: ID },
    { field: 'title', kind: 'text', max: 300, headers: ['title', 'task', 'subject', 'name', 'görev', 'iş', 'başlık', 'konu'] },
    { field: 'description', kind: 'text', max: 10_000, headers: ['description', 'details', 'note', 'notes', 'açıklama', 'detay', 'not'] },
    { field: 'due_date', kind: 'date', headers: ['due', 'due date', 'deadline', 'son tarih', 'bitiş tarihi', 'termin'] },
    { field: 'priority', kind: { constant: 'task_priorities' }, headers: ['priority', 'öncelik'] },
    { field: 'status', kind: { constant: 'task_statuses' }, headers: ['status', 'durum'] },
    { field: 'assignee', kind: 'user', max: 254, headers: ['assignee', 'assigned to', 'owner', 'responsible', 'atanan', 'sorumlu'] },
    { field: 'company', kind: 'text', max: 200, headers: ['company', 'company name', 'account', 'customer', 'firma', 'firma adı', 'şirket', 'müşteri'] },
  ],
};

/** A custom object's field as the import sees it (objects.rules.ts FieldDef). */
export interface ObjectFieldDef {
  key: string;
  label: string;
  type: string;
  options: string[];
}

/**
 * A custom object's importable fields: `id`, `name`, and each field as `fields.<key>`, suggested by its label
 * and its key (the workspace's own words are the synonyms). Relations are not imported (docs/decisions/import.md).
 */
export function objectFields(fields: ObjectFieldDef[]): FieldDef[] {
  const kindOf = (f: ObjectFieldDef): Kind => {
    if (f.type === 'number' || f.type === 'money') return 'number';
    if (f.type === 'date') return 'date';
    if (f.type === 'checkbox') return 'bool';
    if (f.type === 'person') return 'user';
    if (f.type === 'select' || f.type === 'multiselect') return { options: f.options, many: f.type === 'multiselect' };
    return 'text';
  };
  return [
    { field: 'id', kind: 'id', headers: ID },
    { field: 'name', kind: 'text', max: 200, headers: ['name', 'record', 'title', 'ad', 'adı', 'isim', 'kayıt'] },
    ...fields.map((f): FieldDef => ({ field: `fields.${f.key}`, kind: kindOf(f), max: 5000, headers: [f.label, f.key] })),
  ];
}

/** The keys a row may be matched on, per target, and the default (a new key such as an external id is one more entry). */
export const MATCH_KEYS: Record<BuiltinTarget | 'object', { keys: string[]; default: string }> = {
  companies: { keys: ['id', 'domain', 'name', 'external_id'], default: 'name' },
  people: { keys: ['id', 'email', 'external_id'], default: 'email' },
  opportunities: { keys: ['id', 'external_id'], default: 'id' },
  leads: { keys: ['id', 'email', 'external_id'], default: 'email' },
  tasks: { keys: ['id'], default: 'id' },
  object: { keys: ['id', 'name'], default: 'id' },
};
export const matchKeysOf = (t: Target) => MATCH_KEYS[objectKeyOf(t) === null ? (t as BuiltinTarget) : 'object'];

/** The module a target's REST writes need: an import of it needs the same (a company made for a row needs Customers). */
export const TARGET_MODULE: Record<BuiltinTarget, string> = {
  companies: MODULES.customers,
  people: MODULES.customers,
  opportunities: MODULES.opportunities,
  leads: MODULES.leads,
  tasks: MODULES.activities,
};
/** Custom objects are under Customers, as their REST routes. */
export const moduleOf = (t: Target): string => (objectKeyOf(t) === null ? TARGET_MODULE[t as BuiltinTarget] : MODULES.customers);

/** Targets whose rows may make a company (their `company` cell names one found or created once for the file). */
export const makesCompanies = (t: Target): boolean => t === 'people' || t === 'opportunities' || t === 'tasks';

/** The field a create cannot do without, per target (the REST create's required field). */
export const requiredField = (t: Target): string => (t === 'leads' ? 'company' : t === 'tasks' ? 'title' : 'name');

/** The field whose cell holds a match key's value. */
export const MATCH_FIELD: Record<string, string> = { id: 'id', email: 'email', name: 'name', domain: 'website', external_id: 'external_id' };

/** The field each column suggests for a target: by header (folded, each field once, first column wins), else null. */
export function suggestFields(headers: string[], target: BuiltinTarget | FieldDef[]): (string | null)[] {
  const taken = new Set<string>();
  const defs = typeof target === 'string' ? FIELDS[target] : target;
  return headers.map((h) => {
    const f = fold(h);
    const def = defs.find((d) => !taken.has(d.field) && (fold(d.field) === f || d.headers.some((x) => fold(x) === f)));
    if (!def) return null;
    taken.add(def.field);
    return def.field;
  });
}

/** A row's values by field (a multiselect's values as a list). */
export type CellValues = Record<string, string | number | boolean | string[]>;

export interface CellError {
  column: string;
  value: string;
  code: string;
  message: string;
}

export interface Constants {
  keys: (list: string) => readonly string[];
  labels: (list: string) => Record<string, string>[];
}

/**
 * A row's values for the target's fields from the mapped cells. Blank cells are left out (an import
 * never clears a value); a cell that cannot be read is an error naming its column.
 */
export function readFields(target: BuiltinTarget | FieldDef[], mapping: (string | null)[], headers: string[], cells: string[], constants: Constants): { values: CellValues; errors: CellError[] } {
  const values: CellValues = {};
  const errors: CellError[] = [];
  const defs = typeof target === 'string' ? FIELDS[target] : target;
  mapping.forEach((field, i) => {
    if (!field) return;
    const def = defs.find((d) => d.field === field);
    if (!def) return;
    // an export's guard against formulas (a leading ' before = + - @, OWASP "CSV Injection") is taken off again,
    // so an exported file imports back unchanged (docs/decisions/import.md, "Round trip")
    const raw = (cells[i] ?? '').replace(/^'(?=[=+\-@\t\r])/, '').trim();
    if (raw === '') return;
    const column = headers[i] ?? `column ${i + 1}`;
    const err = (code: string, message: string) => errors.push({ column, value: raw.slice(0, 200), code, message });
    const kind = def.kind;
    if (kind === 'text' || kind === 'user' || kind === 'fair') {
      if (def.max && raw.length > def.max) return err('too_long', `at most ${def.max} characters`);
      values[field] = raw;
    } else if (kind === 'number') {
      const n = parseNumber(raw);
      if (n === null || n < 0) return err('not_a_number', 'must be a number such as 1.234,50 or 1234.5');
      values[field] = n;
    } else if (kind === 'bool') {
      const b = parseBool(raw);
      if (b === null) return err('not_yes_no', 'must be yes or no (evet / hayır)');
      values[field] = b;
    } else if (kind === 'date') {
      const d = parseDate(raw);
      if (d === null) return err('not_a_date', 'must be a date such as 31.12.2026 or 2026-12-31');
      values[field] = d;
    } else if (kind === 'id') {
      if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return err('not_an_id', 'must be a record id');
      values[field] = Number(raw);
    } else if ('options' in kind) {
      // a multiselect cell lists its values separated by ; or | (a comma may be inside a value)
      const parts = kind.many ? raw.split(/[;|]/).map((p) => p.trim()).filter(Boolean) : [raw];
      const picked: string[] = [];
      for (const p of parts) {
        const o = kind.options.find((x) => fold(x) === fold(p));
        if (o === undefined) return err('unknown_value', `must be one of ${kind.options.join(', ')}`);
        picked.push(o);
      }
      values[field] = kind.many ? picked : picked[0]!;
    } else {
      const keys = constants.keys(kind.constant);
      const key = matchConstant(raw, keys, constants.labels(kind.constant));
      if (key === null) return err('unknown_value', `must be one of ${keys.join(', ')}`);
      values[field] = key;
    }
  });
  return { values, errors };
}

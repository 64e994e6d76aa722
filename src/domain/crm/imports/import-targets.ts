/**
 * What an import can write: per target its fields (the REST field names), the headers that suggest
 * each field (English and Turkish), how a cell is read, and the keys a row can be matched on.
 * Pure: table-tested. A new target or match key is a new entry here plus its writer (import-writer.ts).
 */
import { MODULES } from '../../workspace/defaults';
import { fold, matchConstant, parseBool, parseDate, parseNumber } from './import-values';

export const TARGETS = ['companies', 'people', 'opportunities'] as const;
export type Target = (typeof TARGETS)[number];
export const MODES = ['create', 'update', 'upsert', 'skip'] as const;
export type Mode = (typeof MODES)[number];

type Kind = 'text' | 'number' | 'bool' | 'id' | 'date' | { constant: string };

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

export const FIELDS: Record<Target, FieldDef[]> = {
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
};

/** The keys a row may be matched on, per target, and the default (a new key such as an external id is one more entry). */
export const MATCH_KEYS: Record<Target, { keys: string[]; default: string }> = {
  companies: { keys: ['id', 'domain', 'name', 'external_id'], default: 'name' },
  people: { keys: ['id', 'email', 'external_id'], default: 'email' },
  opportunities: { keys: ['id', 'external_id'], default: 'id' },
};

/** The module a target's REST writes need: an import of it needs the same (a company made for a row needs Customers). */
export const TARGET_MODULE: Record<Target, string> = { companies: MODULES.customers, people: MODULES.customers, opportunities: MODULES.opportunities };

/** The field whose cell holds a match key's value. */
export const MATCH_FIELD: Record<string, string> = { id: 'id', email: 'email', name: 'name', domain: 'website', external_id: 'external_id' };

/** The field each column suggests for a target: by header (folded, each field once, first column wins), else null. */
export function suggestFields(headers: string[], target: Target): (string | null)[] {
  const taken = new Set<string>();
  return headers.map((h) => {
    const f = fold(h);
    const def = FIELDS[target].find((d) => !taken.has(d.field) && (fold(d.field) === f || d.headers.some((x) => fold(x) === f)));
    if (!def) return null;
    taken.add(def.field);
    return def.field;
  });
}

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
export function readFields(target: Target, mapping: (string | null)[], headers: string[], cells: string[], constants: Constants): { values: Record<string, string | number | boolean>; errors: CellError[] } {
  const values: Record<string, string | number | boolean> = {};
  const errors: CellError[] = [];
  mapping.forEach((field, i) => {
    if (!field) return;
    const def = FIELDS[target].find((d) => d.field === field)!;
    const raw = (cells[i] ?? '').trim();
    if (raw === '') return;
    const column = headers[i] ?? `column ${i + 1}`;
    const err = (code: string, message: string) => errors.push({ column, value: raw.slice(0, 200), code, message });
    const kind = def.kind;
    if (kind === 'text') {
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
    } else {
      const keys = constants.keys(kind.constant);
      const key = matchConstant(raw, keys, constants.labels(kind.constant));
      if (key === null) return err('unknown_value', `must be one of ${keys.join(', ')}`);
      values[field] = key;
    }
  });
  return { values, errors };
}

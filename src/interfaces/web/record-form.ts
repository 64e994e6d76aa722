import { RECORD_CONFIG_FIELDS, RECORD_KINDS, RecordKind, isRecordKind } from '../../domain/integrations/record-kinds';
import { field, Form } from './settings-pages';

/** The Apps page's names of the record-creation products (spec 6.5). */
export const RECORD_KIND_LABELS: Record<RecordKind, string> = {
  asana: 'Asana (task)',
  trello: 'Trello (card)',
  jira: 'Jira Cloud (issue)',
  airtable: 'Airtable (row)',
  google_sheets: 'Google Sheets (row)',
  mailchimp: 'Mailchimp (audience contact)',
  brevo: 'Brevo (list contact)',
};

/** The labels of the settings fields, as the page names them. */
const FIELD_LABELS: Record<string, string> = {
  project_gid: 'Project gid',
  list_id: 'List id',
  api_key: 'API key',
  site: 'Site',
  email: 'Account e-mail',
  project_key: 'Project key',
  issue_type: 'Issue type',
  base_id: 'Base id',
  table: 'Table',
  spreadsheet_id: 'Spreadsheet id',
  range: 'Sheet (range)',
  status: 'New contact status',
};

export interface RecordFieldView {
  /** Form field name: `<kind>.<field>`, so each product's fields are apart on the one create form. */
  name: string;
  id: string;
  label: string;
  hint: string;
  required: boolean;
}

/** One product's fieldset on the form. */
export interface RecordKindView {
  kind: RecordKind;
  label: string;
  fields: RecordFieldView[];
}

/** The fieldsets the form shows: every product on the create form, the connection's own on its edit form. */
export function recordKindViews(only?: string): RecordKindView[] {
  const kinds = only === undefined ? RECORD_KINDS : RECORD_KINDS.filter((k) => k === only);
  return kinds.map((kind) => ({
    kind,
    label: RECORD_KIND_LABELS[kind],
    fields: Object.entries(RECORD_CONFIG_FIELDS[kind]).map(([name, rule]) => ({
      name: `${kind}.${name}`,
      id: `${kind}-${name}`.replace(/_/g, '-'),
      label: FIELD_LABELS[name] ?? name,
      hint: rule.dflt === undefined ? rule.what : `${rule.what}; default ${rule.dflt}`,
      required: rule.dflt === undefined,
    })),
  }));
}

/** The settings typed for `kind` (`<kind>.<field>` fields), empty ones left out so defaults apply. */
export function recordConfigOf(body: Form | undefined, kind: string): Record<string, string> | undefined {
  if (!isRecordKind(kind)) return undefined;
  const out: Record<string, string> = {};
  for (const name of Object.keys(RECORD_CONFIG_FIELDS[kind])) {
    const v = field(body, `${kind}.${name}`, 200).trim();
    if (v) out[name] = v;
  }
  return out;
}

/** The values the form shows again: the typed ones (on an error) or the stored ones (edit), by `<kind>.<field>`. */
export function recordValues(kind: string, config: Record<string, string> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(config ?? {}).map(([k, v]) => [`${kind}.${k}`, v]));
}

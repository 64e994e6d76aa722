import { RECORD_CONFIG_FIELDS, RECORD_KINDS, RecordKind, isRecordKind } from '../../domain/integrations/record-kinds';
import type { Lang } from '../../edge/pages/page-lang';
import { field, Form } from './settings-pages';

/**
 * The Apps page's words for the record-creation products (spec 6.5), per language: the products' names,
 * their settings fields and the hint under each field. A typed dictionary (`tr` has every key of `en`).
 */
const en = {
  kinds: {
    asana: 'Asana (task)',
    trello: 'Trello (card)',
    jira: 'Jira Cloud (issue)',
    airtable: 'Airtable (row)',
    google_sheets: 'Google Sheets (row)',
    mailchimp: 'Mailchimp (audience contact)',
    brevo: 'Brevo (list contact)',
  } satisfies Record<RecordKind, string>,
  fields: {
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
  },
  /** The hint under a field, by `<kind>.<field>` (in English, what RECORD_CONFIG_FIELDS says the value must be). */
  hints: {
    'asana.project_gid': 'the numeric gid of an Asana project',
    'trello.list_id': 'the 24-character id of a Trello list',
    'trello.api_key': 'the 32-character Trello API key (Power-Up admin page)',
    'jira.site': 'the Jira Cloud site, e.g. acme.atlassian.net',
    'jira.email': 'the e-mail address of the Atlassian account the API token belongs to',
    'jira.project_key': 'a Jira project key, e.g. CRM',
    'jira.issue_type': 'an issue type name of the project',
    'airtable.base_id': 'an Airtable base id (app…, 17 characters)',
    'airtable.table': 'the table name or id (tbl…)',
    'google_sheets.spreadsheet_id': 'the spreadsheet id from its URL',
    'google_sheets.range': "the sheet (tab) the rows are appended to, in A1 notation, e.g. Sheet1 or 'CRM events'!A:Z",
    'mailchimp.list_id': 'a Mailchimp audience (list) id, 10 characters',
    'mailchimp.status': 'subscribed, or pending (Mailchimp sends its double opt-in e-mail)',
    'brevo.list_id': 'the numeric id of a Brevo contact list',
  },
  withDefault: (hint: string, dflt: string) => `${hint}; default ${dflt}`,
};

const tr: typeof en = {
  kinds: {
    asana: 'Asana (görev)',
    trello: 'Trello (kart)',
    jira: 'Jira Cloud (iş kaydı)',
    airtable: 'Airtable (satır)',
    google_sheets: 'Google Sheets (satır)',
    mailchimp: 'Mailchimp (hedef kitle kişisi)',
    brevo: 'Brevo (liste kişisi)',
  },
  fields: {
    project_gid: 'Proje gid',
    list_id: 'Liste kimliği',
    api_key: 'API anahtarı',
    site: 'Site',
    email: 'Hesap e-postası',
    project_key: 'Proje anahtarı',
    issue_type: 'İş kaydı türü',
    base_id: 'Base kimliği',
    table: 'Tablo',
    spreadsheet_id: 'Tablo dosyası kimliği',
    range: 'Sayfa (aralık)',
    status: 'Yeni kişi durumu',
  },
  hints: {
    'asana.project_gid': 'bir Asana projesinin sayısal gid değeri',
    'trello.list_id': 'bir Trello listesinin 24 karakterlik kimliği',
    'trello.api_key': '32 karakterlik Trello API anahtarı (Power-Up yönetim sayfası)',
    'jira.site': 'Jira Cloud sitesi, ör. acme.atlassian.net',
    'jira.email': 'API belirtecinin ait olduğu Atlassian hesabının e-posta adresi',
    'jira.project_key': 'bir Jira proje anahtarı, ör. CRM',
    'jira.issue_type': 'projedeki bir iş kaydı türünün adı',
    'airtable.base_id': 'bir Airtable base kimliği (app…, 17 karakter)',
    'airtable.table': 'tablo adı veya kimliği (tbl…)',
    'google_sheets.spreadsheet_id': 'URL’sinden tablo dosyası kimliği',
    'google_sheets.range': "satırların ekleneceği sayfa (sekme), A1 gösteriminde, ör. Sheet1 veya 'CRM events'!A:Z",
    'mailchimp.list_id': 'bir Mailchimp hedef kitle (liste) kimliği, 10 karakter',
    'mailchimp.status': 'subscribed veya pending (Mailchimp çift onay e-postasını gönderir)',
    'brevo.list_id': 'bir Brevo kişi listesinin sayısal kimliği',
  },
  withDefault: (hint, dflt) => `${hint}; varsayılan ${dflt}`,
};

const RECORD_TEXT: Record<Lang, typeof en> = { en, tr };

/** The name of a record-creation product in this language. */
export const recordKindLabel = (lang: Lang, kind: RecordKind): string => RECORD_TEXT[lang].kinds[kind];

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
export function recordKindViews(lang: Lang, only?: string): RecordKindView[] {
  const text = RECORD_TEXT[lang];
  const kinds = only === undefined ? RECORD_KINDS : RECORD_KINDS.filter((k) => k === only);
  return kinds.map((kind) => ({
    kind,
    label: text.kinds[kind],
    fields: Object.entries(RECORD_CONFIG_FIELDS[kind]).map(([name, rule]) => {
      const hint = (text.hints as Record<string, string>)[`${kind}.${name}`] ?? rule.what;
      return {
        name: `${kind}.${name}`,
        id: `${kind}-${name}`.replace(/_/g, '-'),
        label: (text.fields as Record<string, string>)[name] ?? name,
        hint: rule.dflt === undefined ? hint : text.withDefault(hint, rule.dflt),
        required: rule.dflt === undefined,
      };
    }),
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

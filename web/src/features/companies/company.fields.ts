import type { Schemas } from '../../lib/api';
import type { TextField, TextKey } from '../../shell/text-fields';

/**
 * The company's plain texts beyond those the form lays out itself: an input on the form (new and edit) and a row on
 * the record, with their label in both languages. A text field the API takes and shows on the record is one line here
 * (tsc holds the key to both schemas of the typed client).
 */
export const TEXT_FIELDS: readonly TextField<TextKey<Schemas['CreateCompanyDto'], Schemas['Company']>>[] = [
  { key: 'source', max: 100, label: { en: 'Source', tr: 'Kaynak' } },
  { key: 'erp_code', max: 60, label: { en: 'ERP code', tr: 'ERP kodu' } },
  { key: 'erp_ext_id', max: 100, label: { en: 'ERP id', tr: 'ERP kimliği' } },
];

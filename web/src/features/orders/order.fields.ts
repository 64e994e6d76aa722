import type { Schemas } from '../../lib/api';
import type { TextField, TextKey } from '../../shell/text-fields';

/**
 * The order's plain text fields as the app shows them: an input on the new-order form (sent when not blank) and a
 * row on the record, with their label in both languages. A text field the API takes on create and shows on the record
 * is one line here (tsc holds the key to both schemas of the typed client).
 */
export const TEXT_FIELDS: readonly TextField<TextKey<Schemas['CreateOrderDto'], Schemas['OrderRow']>>[] = [{ key: 'note', max: 2000, rows: 2, label: { en: 'Note', tr: 'Not' } }];

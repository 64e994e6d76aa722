import type { Schemas } from '../../lib/api';
import type { TextField, TextKey } from '../../shell/text-fields';

/**
 * The ticket's plain text fields as the app shows them: an input on the new-ticket form (sent when not blank) and a
 * row on the record, with their label in both languages. A text field the API takes on create and shows on the record
 * is one line here (tsc holds the key to both schemas of the typed client).
 */
export const TEXT_FIELDS: readonly TextField<TextKey<Schemas['CreateTicketDto'], Schemas['Ticket']>>[] = [{ key: 'who', max: 200, label: { en: 'Raised by', tr: 'Talep eden' } }];

export const textField = (key: (typeof TEXT_FIELDS)[number]['key']) => TEXT_FIELDS.find((f) => f.key === key)!;

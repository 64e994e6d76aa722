import type { Schemas } from '../../lib/api';
import type { Lang } from '../../lib/i18n';

type Create = Schemas['CreateTicketDto'];
type Ticket = Schemas['Ticket'];
/** A text the API takes on create and answers on the record. */
type TextKey = { [K in keyof Create & keyof Ticket]-?: Ticket[K] extends string ? (NonNullable<Create[K]> extends string ? K : never) : never }[keyof Create & keyof Ticket];

export interface TicketTextField {
  key: TextKey;
  /** The API's maximum length (`maxLength` of the field in the OpenAPI document). */
  max: number;
  label: Record<Lang, string>;
}

/**
 * The ticket's plain text fields as the app shows them: an input on the new-ticket form (sent when not blank) and a
 * row on the record, with their label in both languages. A text field the API takes on create and shows on the record
 * is one line here (tsc holds the key to both schemas of the typed client).
 */
export const TEXT_FIELDS: readonly TicketTextField[] = [{ key: 'who', max: 200, label: { en: 'Raised by', tr: 'Talep eden' } }];

export const textField = (key: TextKey): TicketTextField => TEXT_FIELDS.find((f) => f.key === key)!;

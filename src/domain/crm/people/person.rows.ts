import type { Person } from './person.entity';

/**
 * A person as SQL returns it: the columns the list and Today's contact cards select and their mapping to the
 * entity's fields, read into plain rows (no entity hydrated).
 */

/** What a contact card (Today, spec 4.2) reads of a person: Today selects only these columns. */
export type PersonCardRow = Pick<Person, 'id' | 'customerId' | 'name' | 'title' | 'department' | 'email' | 'phone' | 'wa' | 'note' | 'isMain' | 'isFormer' | 'ownerId'>;

/** The list's columns: the person's own (read into plain rows by `listed`, not hydrated). */
export const LIST_COLUMNS =
  'p.workspace_id, p.id, p.customer_id, p.name, p.name_norm, p.title, p.department, p.email, p.phone, p.wa, p.note, p.is_main, ' +
  'p.is_former, p.external_id, p.origin, p.owner_id, p.active, p.is_sample, p.created_at, p.updated_at';

/** A contact card's columns as SQL returns them (Today selects only these; the list selects more). */
export interface PersonCardSqlRow {
  id: number;
  customer_id: number | null;
  name: string;
  title: string;
  department: string;
  email: string;
  phone: string;
  wa: string;
  note: string;
  is_main: boolean;
  is_former: boolean;
  owner_id: number;
}

/** A contact card from its SQL row. */
export const personCard = (r: PersonCardSqlRow): PersonCardRow => ({
  id: r.id,
  customerId: r.customer_id,
  name: r.name,
  title: r.title,
  department: r.department,
  email: r.email,
  phone: r.phone,
  wa: r.wa,
  note: r.note,
  isMain: r.is_main,
  isFormer: r.is_former,
  ownerId: r.owner_id,
});

/** A row of LIST_COLUMNS. */
interface PersonListRow extends PersonCardSqlRow {
  workspace_id: number;
  external_id: string | null;
  name_norm: string;
  origin: string;
  active: boolean;
  is_sample: boolean;
  created_at: Date;
  updated_at: Date;
}

// one literal with every field: the card's mapping (personCard) written out again, because a list maps 50 of them per
// request and Object.assign onto the card cost a second object and a generic copy per row (docs/performance.md)
export const listed = (r: PersonListRow): Person => ({
  id: r.id,
  customerId: r.customer_id,
  name: r.name,
  title: r.title,
  department: r.department,
  email: r.email,
  phone: r.phone,
  wa: r.wa,
  note: r.note,
  isMain: r.is_main,
  isFormer: r.is_former,
  ownerId: r.owner_id,
  workspaceId: r.workspace_id,
  nameNorm: r.name_norm,
  externalId: r.external_id,
  origin: r.origin,
  active: r.active,
  isSample: r.is_sample,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

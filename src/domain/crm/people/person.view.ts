import { summaryOf } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { linkedRecordsView } from '../objects';
import { rid } from '../shared/record-keys';
import type { PersonCardRow, PersonOne, PersonPage, PersonViews } from './people.service';
import type { Person } from './person.entity';

/**
 * The read model of a person: the record as the outside world sees it (spec 2.3 and the contact card of 4.2), the
 * company's name beside its id, timestamps in the workspace's local time. REST answers and documents it
 * (`src/interfaces/rest/people/person.schema.ts`, checked against this shape by tsc), Today and exports show it,
 * and MCP answers its compact projection (below): a field is mapped here once.
 */

/** Spec 4.2 contact card item: exactly these fields. */
export function contactCardView(p: PersonCardRow, customerNames: Map<number, string>) {
  return {
    id: p.id,
    customer_id: p.customerId,
    customer: p.customerId !== null ? (customerNames.get(p.customerId) ?? '') : '',
    department: p.department,
    email: p.email,
    is_former: p.isFormer,
    is_main: p.isMain,
    name: p.name,
    note: p.note,
    phone: p.phone,
    rid: rid('P', p.id),
    title: p.title,
    wa: p.wa,
  };
}

/** The full person record (lists answer it). */
export function personView(p: Person, views: PersonViews, ws: Workspace) {
  // added to the card, not spread into a new object (a slow dictionary-mode object: company.view.ts)
  return Object.assign(contactCardView(p, views.customerNames), {
    owner: summaryOf(views.owners, p.ownerId, ws.app.locale),
    active: p.active,
    external_id: p.externalId,
    can_edit: views.editable.has(p.id),
    created_at: formatTimestamp(p.createdAt, ws.timezone),
    updated_at: formatTimestamp(p.updatedAt, ws.timezone),
  });
}

/** One person as GET / POST / PATCH answer it: the record and the custom records linking to it. */
export const personRecordView = (one: PersonOne, ws: Workspace) => Object.assign(personView(one.person, one.views, ws), { objects: linkedRecordsView(one.objects) });

/** A page of person records, in the order the page holds them. */
export const personPageView = (page: PersonPage, ws: Workspace) => page.items.map((p) => personView(p, page.views, ws));

/**
 * The compact projection MCP tools and Ask's model answer: contact data, the company and owner ids. It differs from
 * the record on purpose: `customer` is null for a person of no company (the record says '').
 */
export const personCompact = (p: Person, customerNames: Map<number, string>) => ({
  rid: rid('P', p.id),
  id: p.id,
  name: p.name,
  title: p.title,
  email: p.email,
  phone: p.phone,
  customer_id: p.customerId,
  customer: p.customerId !== null ? (customerNames.get(p.customerId) ?? '') : null,
  is_main: p.isMain,
  is_former: p.isFormer,
  owner_id: p.ownerId,
  external_id: p.externalId,
});

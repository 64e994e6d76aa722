import { toLinkedRecords } from './object.mapper';
import type { PersonCardRow, PersonOne, PersonPage, PersonViews } from '../../../domain/crm/people/people.service';
import type { Person } from '../../../domain/crm/people/person.entity';
import { rid } from '../../../domain/crm/shared/record-keys';
import { formatTimestamp } from '../../../platform/common/time';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { listResponse, summaryOf } from './common.mapper';
import type { z } from 'zod';
import type { ContactCard, PersonList, PersonRecord, PersonResponse } from '../schemas/person.schema';

/** Spec 4.2 contact card item: exactly these fields. */
export function toContactCard(p: PersonCardRow, customerNames: Map<number, string>): z.output<typeof ContactCard> {
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

/** The full person record. */
export function toPersonRecord(p: Person, views: PersonViews, ws: Workspace): z.output<typeof PersonRecord> {
  // added to the card, not spread into a new object (a slow dictionary-mode object: company.mapper.ts)
  return Object.assign(toContactCard(p, views.customerNames), {
    owner: summaryOf(views.owners, p.ownerId, ws.app.locale),
    active: p.active,
    external_id: p.externalId,
    can_edit: views.editable.has(p.id),
    created_at: formatTimestamp(p.createdAt, ws.timezone),
    updated_at: formatTimestamp(p.updatedAt, ws.timezone),
  });
}

export function toPersonResponse(one: PersonOne, ws: Workspace): z.output<typeof PersonResponse> {
  return { ok: true as const, person: Object.assign(toPersonRecord(one.person, one.views, ws), { objects: toLinkedRecords(one.objects) }) };
}

export function toPersonList(page: PersonPage, ws: Workspace): z.output<typeof PersonList> {
  return listResponse(
    page.items.map((p) => toPersonRecord(p, page.views, ws)),
    page.nextCursor,
  );
}

import { z } from 'zod';
import { summaryOf, USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import { emailOrEmpty, flag, id, name, orNull, text } from '../../../platform/common/record-input';
import { LINKED_RECORDS_EXAMPLE, LinkedRecordsSchema, linkedRecordsView } from '../objects';
import { rid, recordPath } from '../shared/record-keys';
import type { PersonOne, PersonPage, PersonViews } from './people.service';
import type { PersonCardRow } from './person.rows';
import type { Person } from './person.entity';
import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import type { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';

/**
 * The read model of a person: the record as the outside world sees it (spec 2.3 and the contact card of 4.2), the
 * company's name beside its id, timestamps in the workspace's local time, with its schemas. REST documents them
 * (`src/interfaces/rest/people/person.schema.ts`: ContactCard, PersonRecord, Person), Today and exports show the
 * record, and MCP answers and describes its compact projection (below): a field is declared and mapped here once.
 */

/**
 * What a list of people is filtered by (each optional; they combine): REST's query is made from it (`QueryDto`, with
 * the page's own fields), search_people takes it (its text search named `query`), and the service's list reads it.
 */
export const PersonFilters = z.object({
  q: text(200, 'name or e-mail contains (case-insensitive)').optional(),
  customer_id: id('company').optional(),
  owner_id: id('owner').optional(),
  external_id: text(200, "the record's key in another system, exactly").optional(),
  active: flag('default true; false lists archived people').optional(),
});

/**
 * A person's fields as a create or an update takes them, declared once: REST's bodies are made from them (`FieldsDto`),
 * the create_person and update_person tools take them as they are, inbound hooks map onto them, and the service stores
 * a plain text field it does not treat itself as it came (trimmed). A field added here reaches every interface; its
 * column is the entity's.
 */
export const PersonFields = z.object({
  customer_id: orNull(id('company').describe('the company; null = none')),
  title: text(150, 'job title').optional(),
  department: text(100, 'department').optional(),
  email: emailOrEmpty("the person's e-mail address (stored in lower case); '' clears it").optional(),
  phone: text(50, 'phone').optional(),
  wa: text(50, 'WhatsApp number').optional(),
  note: text(5000, 'note about the person').optional(),
  external_id: orNull(text(200, "the record's key in the system it came from (unique per workspace and kind; imports match on it); null or '' removes it")),
  is_main: flag("the company's main contact (needs a customer_id)").optional(),
  is_former: flag('no longer at the company').optional(),
  owner_id: id('user').optional().describe('an active user; default the caller'),
  active: flag('false archives the person').optional(),
});

/** A new person: the name, the fields, and `force` past the duplicate check. */
export const PersonCreateFields = z.object({
  ...PersonFields.shape,
  name: name(200, "the person's full name"),
  force: flag('create even when a person of the same name at the company, or of the same e-mail, exists; only when the user confirms it is another person').optional(),
});

/** A change to a person: the fields given change. */
export const PersonChangeFields = z.object({ ...PersonFields.shape, name: name(200, "the person's full name").optional() });

export type PersonCreateInput = z.output<typeof PersonCreateFields>;
export type PersonInput = z.output<typeof PersonChangeFields>;

/** Spec 4.2 contact card item: exactly these fields. */
export const ContactCardSchema = z.object({
  id: field.id(),
  customer_id: field.id().nullable().meta({ description: 'the company; null for a person without one' }),
  customer: z.string().meta({ description: "the company's name; '' without a company" }),
  department: z.string(),
  email: z.string().meta({ description: "lower case; '' when unknown" }),
  is_former: z.boolean().meta({ description: 'no longer with the company' }),
  is_main: z.boolean().meta({ description: "the company's main contact (at most one per company)" }),
  name: z.string(),
  note: z.string(),
  phone: z.string(),
  rid: z.string().meta({ description: 'display key, e.g. P-118' }),
  title: z.string(),
  wa: z.string().meta({ description: 'WhatsApp number' }),
});
export const CONTACT_CARD_EXAMPLE: z.output<typeof ContactCardSchema> = {
  id: 118, customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', department: 'Purchasing', email: 'mert@anadolu.example', is_former: false, is_main: true,
  name: 'Mert Kaya', note: 'Prefers calls before 10:00.', phone: '+90 532 555 0101', rid: 'P-118', title: 'Purchasing Manager', wa: '+905325550101',
};

/** The full person as lists return it: the card fields, owner, active, can_edit and timestamps. */
export const PersonRecordSchema = ContactCardSchema.extend({
  owner: UserSummarySchema.nullable(),
  active: z.boolean().meta({ description: 'false once archived (DELETE); PATCH `active: true` brings the person back' }),
  external_id: z.string().nullable().meta({ description: "the record's key in the system it came from (imports match on it); unique per workspace; null when none" }),
  can_edit: z.boolean().meta({ description: 'the caller may change this person' }),
  created_at: field.timestamp(),
  updated_at: field.timestamp(),
});
export const PERSON_RECORD_EXAMPLE: z.output<typeof PersonRecordSchema> = {
  ...CONTACT_CARD_EXAMPLE,
  owner: USER_SUMMARY_EXAMPLE, active: true, external_id: null, can_edit: true, created_at: '2025-03-14T10:05:42', updated_at: '2026-11-20T16:47:10',
};

/** One person (GET, POST, PATCH): the record with its linked custom object records. */
export const PersonSchema = PersonRecordSchema.extend({ objects: LinkedRecordsSchema });
export const PERSON_EXAMPLE: z.output<typeof PersonSchema> = { ...PERSON_RECORD_EXAMPLE, objects: LINKED_RECORDS_EXAMPLE };

/** Spec 4.2 contact card item: exactly these fields. */
export function contactCardView(p: PersonCardRow, customerNames: Map<number, string>): z.output<typeof ContactCardSchema> {
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

/**
 * The full person record (lists answer it). One literal with the card's fields written out again (contactCardView):
 * a page maps 50, and adding to the card with Object.assign cost a second object and a generic copy per row, and a
 * spread a slow dictionary-mode object (company.view.ts). The schema's type holds both to the same fields.
 */
export function personView(p: Person, views: PersonViews, ws: Workspace): z.output<typeof PersonRecordSchema> {
  return {
    id: p.id,
    customer_id: p.customerId,
    customer: p.customerId !== null ? (views.customerNames.get(p.customerId) ?? '') : '',
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
    owner: summaryOf(views.owners, p.ownerId, ws.app.locale),
    active: p.active,
    external_id: p.externalId,
    can_edit: views.editable.has(p.id),
    created_at: formatTimestamp(p.createdAt, ws.timezone),
    updated_at: formatTimestamp(p.updatedAt, ws.timezone),
  };
}

/** One person as GET / POST / PATCH answer it: the record and the custom records linking to it. */
export const personRecordView = (one: PersonOne, ws: Workspace): z.output<typeof PersonSchema> => Object.assign(personView(one.person, one.views, ws), { objects: linkedRecordsView(one.objects) });

/** A page of person records, in the order the page holds them. */
export const personPageView = (page: PersonPage, ws: Workspace) => page.items.map((p) => personView(p, page.views, ws));

/** What the compact projection leaves out of the record. */
const NOT_COMPACT = ['department', 'note', 'wa', 'owner', 'active', 'can_edit', 'created_at', 'updated_at'] as const;

/**
 * The compact projection MCP tools and Ask's model answer: contact data, the company and owner ids. It differs from
 * the record on purpose: `customer` is null for a person of no company (the record says '').
 */
export const PersonCompact = PersonRecordSchema.omit(maskOf(NOT_COMPACT)).extend({
  customer: z.string().nullable().meta({ description: "the company's name; null without a company" }),
  owner_id: field.id(),
});

export const personCompact = (p: Person, customerNames: Map<number, string>): z.output<typeof PersonCompact> => ({
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

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    contact_created: true;
  }
}

/** The events a contact person records (spec 6.1). */
export const PERSON_EVENT_KINDS: EventKindList = {
  place: 30,
  kinds: [
    { name: 'contact_created', label: { en: 'a person is created', tr: 'bir kişi oluşturulduğunda' }, module: MODULES.customers, dataFields: ['id', 'name', 'email', 'phone', 'title', 'customer', 'customer_id'], record: { type: 'person', table: 'people' } },
  ],
};

/** `contact_created` of a person just saved (create and createMany); `customer` is the company's name or ''. */
export function personCreated(auth: UserContext, saved: Person, customer: string): DomainEvent {
  return {
    workspaceId: auth.workspace.id,
    event: 'contact_created',
    title: `New contact: ${saved.name}`,
    text: `${saved.name}${saved.title ? `, ${saved.title}` : ''}${customer ? ` at ${customer}` : ''} was added by ${auth.user.fullName}.`,
    url: recordPath('person', saved.id),
    data: { id: saved.id, name: saved.name, email: saved.email, phone: saved.phone, title: saved.title, customer, customer_id: saved.customerId },
    recordType: 'person',
    recordId: saved.id,
    sample: saved.isSample,
  };
}

import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { contactCardView, personRecordView, personView } from '../../../domain/crm/people/person.view';
import { LinkedRecords, linkedRecordsExample, UserSummary, userSummaryExample } from '../shared/common.schema';

/** Spec 4.2 contact card item: exactly these fields. */
export const ContactCard = named(
  'ContactCard',
  z.object({
    id: f.id(),
    customer_id: f.id().nullable().meta({ description: 'the company; null for a person without one' }),
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
  }),
  { description: 'Contact card item (spec 4.2).' },
);
export const contactCardExample = example(ContactCard, {
  id: 118, customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', department: 'Purchasing', email: 'mert@anadolu.example', is_former: false, is_main: true,
  name: 'Mert Kaya', note: 'Prefers calls before 10:00.', phone: '+90 532 555 0101', rid: 'P-118', title: 'Purchasing Manager', wa: '+905325550101',
});

/** The full person as lists return it: the card fields, owner, active, can_edit and timestamps. */
export const PersonRecord = named(
  'PersonRecord',
  ContactCard.extend({
    owner: UserSummary.nullable(),
    active: z.boolean().meta({ description: 'false once archived (DELETE); PATCH `active: true` brings the person back' }),
    external_id: z.string().nullable().meta({ description: "the record's key in the system it came from (imports match on it); unique per workspace; null when none" }),
    can_edit: z.boolean().meta({ description: 'the caller may change this person' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'A person (contact) as lists return it: the contact card fields and the remaining ones.' },
);
export const personRecordExample = example(PersonRecord, {
  ...contactCardExample,
  owner: userSummaryExample, active: true, external_id: null, can_edit: true, created_at: '2025-03-14T10:05:42', updated_at: '2026-11-20T16:47:10',
});

/** One person (GET, POST, PATCH): the record with its linked custom object records. */
export const Person = named('Person', PersonRecord.extend({ objects: LinkedRecords }), {
  description: 'One person with the custom object records linked to them (empty for a new person).',
  example: { ...personRecordExample, objects: linkedRecordsExample },
});

export const PersonResponse = named('PersonResponse', z.object({ ok: f.ok(), person: Person }));
export const PersonList = listOf('PersonList', PersonRecord, 'A page of people, newest first.');

/** The domain's read model is what these schemas document (src/domain/crm/people/person.view.ts). */
export type PersonViewFits = [
  Assert<Conforms<ReturnType<typeof contactCardView>, typeof ContactCard>>,
  Assert<Conforms<ReturnType<typeof personView>, typeof PersonRecord>>,
  Assert<Conforms<ReturnType<typeof personRecordView>, typeof Person>>,
];

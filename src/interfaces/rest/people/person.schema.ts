import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import {
  CONTACT_CARD_EXAMPLE,
  ContactCardSchema,
  PERSON_EXAMPLE,
  PERSON_RECORD_EXAMPLE,
  PersonRecordSchema,
  PersonSchema,
} from '../../../domain/crm/people/person.view';
// registers UserSummary and LinkedRecords, which the person's schemas refer to
import '../shared/common.schema';

/** The person's schemas are its read model's (src/domain/crm/people/person.view.ts), named here for the document. */
export const ContactCard = named('ContactCard', ContactCardSchema, { description: 'Contact card item (spec 4.2).' });
export const contactCardExample = example(ContactCard, CONTACT_CARD_EXAMPLE);

export const PersonRecord = named('PersonRecord', PersonRecordSchema, {
  description: 'A person (contact) as lists return it: the contact card fields and the remaining ones.',
});
export const personRecordExample = example(PersonRecord, PERSON_RECORD_EXAMPLE);

export const Person = named('Person', PersonSchema, {
  description: 'One person with the custom object records linked to them (empty for a new person).',
  example: PERSON_EXAMPLE,
});

export const PersonResponse = named('PersonResponse', z.object({ ok: f.ok(), person: Person }));
export const PersonList = listOf('PersonList', PersonRecord, 'A page of people, newest first.');

import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import type { UserContext } from '../../identity/auth-context';
import { recordPath } from '../shared/record-keys';
import type { Person } from './person.entity';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    contact_created: true;
  }
}

/** The events a contact person records (spec 6.1). */
export const PERSON_EVENT_KINDS: EventKindList = {
  place: 30,
  kinds: [
    { name: 'contact_created', module: MODULES.customers, dataFields: ['id', 'name', 'email', 'phone', 'title', 'customer', 'customer_id'], record: { type: 'person', table: 'people' } },
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

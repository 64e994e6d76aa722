import type { EventKind } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    contact_created: true;
  }
}

/** The events a contact person records (spec 6.1). */
export const PERSON_EVENT_KINDS = [
  { name: 'contact_created', module: MODULES.customers, dataFields: ['id', 'name', 'email', 'phone', 'title', 'customer', 'customer_id'] },
] as const satisfies readonly EventKind[];

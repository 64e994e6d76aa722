import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    lead_created: true;
  }
}

/** The events a lead records (spec 6.1). */
export const LEAD_EVENT_KINDS: EventKindList = {
  place: 40,
  kinds: [
    { name: 'lead_created', module: MODULES.leads, dataFields: ['id', 'company', 'contact', 'email', 'interest'], record: { type: 'lead', table: 'leads' } },
  ],
};

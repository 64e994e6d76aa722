import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    form_submitted: true;
  }
}

/** The events a website form records (spec 6.1). */
export const FORM_EVENT_KINDS: EventKindList = {
  place: 70,
  kinds: [
    // website forms are part of Customers (forms.service.ts)
    { name: 'form_submitted', label: { en: 'a website form is sent', tr: 'bir web formu gönderildiğinde' }, module: MODULES.customers, dataFields: ['form', 'company', 'name', 'email', 'phone', 'customer_id', 'task_id', 'new_customer'], record: { type: 'task', table: 'tasks', assigneeSees: true } },
  ],
};

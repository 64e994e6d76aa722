import type { EventKind } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    customer_created: true;
  }
}

/** The events a company records (spec 6.1). */
export const COMPANY_EVENT_KINDS = [
  { name: 'customer_created', module: MODULES.customers, dataFields: ['id', 'rid', 'name', 'status', 'source', 'city'] },
] as const satisfies readonly EventKind[];

import type { EventKind } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    visit_created: true;
  }
}

/** The events an activity records (spec 6.1). */
export const ACTIVITY_EVENT_KINDS = [
  { name: 'visit_created', module: MODULES.activities, dataFields: ['id', 'customer', 'type', 'date', 'next_action', 'note'], record: { type: 'activity', table: 'activities' } },
] as const satisfies readonly EventKind[];

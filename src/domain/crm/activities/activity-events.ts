import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    visit_created: true;
  }
}

/** The events an activity records (spec 6.1). */
export const ACTIVITY_EVENT_KINDS: EventKindList = {
  place: 50,
  kinds: [
    { name: 'visit_created', module: MODULES.activities, dataFields: ['id', 'customer', 'type', 'date', 'next_action', 'note'], record: { type: 'activity', table: 'activities' } },
  ],
};

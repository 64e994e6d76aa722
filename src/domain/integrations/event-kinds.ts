import type { EventName } from '../../platform/outbox/domain-event';

/** Event kinds a connection can subscribe to (spec 6.1; `test` is only sent by "Test connection"). */
export const SUBSCRIBABLE_EVENTS = [
  'opp_created',
  'opp_stage',
  'opp_won',
  'opp_lost',
  'customer_created',
  'contact_created',
  'lead_created',
  'visit_created',
  'ticket_created',
  'form_submitted',
] as const satisfies readonly EventName[];

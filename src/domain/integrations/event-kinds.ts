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
  // not in spec 6.1: the ERP connector stopped polling while orders wait (ErpStallWatch)
  'erp_stalled',
] as const satisfies readonly EventName[];

export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number];

const OPP_FIELDS = ['id', 'rid', 'name', 'customer', 'customer_id', 'stage', 'stage_label', 'value', 'currency', 'owner'] as const;

/** The top-level `data` fields of each kind (spec 6.1), which a connection's filter may name. */
export const EVENT_DATA_FIELDS: Record<SubscribableEvent, readonly string[]> = {
  opp_created: OPP_FIELDS,
  opp_stage: OPP_FIELDS,
  opp_won: OPP_FIELDS,
  opp_lost: OPP_FIELDS,
  customer_created: ['id', 'rid', 'name', 'status', 'source', 'city'],
  contact_created: ['id', 'name', 'email', 'phone', 'title', 'customer', 'customer_id'],
  lead_created: ['id', 'company', 'contact', 'email', 'interest'],
  visit_created: ['id', 'customer', 'type', 'date', 'next_action', 'note'],
  ticket_created: ['id', 'subject', 'priority', 'who'],
  form_submitted: ['form', 'company', 'name', 'email', 'phone', 'customer_id', 'task_id', 'new_customer'],
  erp_stalled: ['waiting', 'oldest_waiting_at', 'last_poll_at', 'stall_minutes'],
};

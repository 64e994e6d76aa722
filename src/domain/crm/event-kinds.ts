import { registerEventKinds } from '../../platform/outbox/event-kinds';
import { ACTIVITY_EVENT_KINDS } from './activities/activity-events';
import { COMPANY_EVENT_KINDS } from './companies/company-events';
import { FORM_EVENT_KINDS } from './forms/form-events';
import { LEAD_EVENT_KINDS } from './leads/lead-events';
import { OPPORTUNITY_EVENT_KINDS } from './opportunities/opportunity-events';
import { ERP_EVENT_KINDS } from './orders/erp-events';
import { PERSON_EVENT_KINDS } from './people/person-events';
import { TICKET_EVENT_KINDS } from './tickets/ticket-events';

/**
 * The event kinds the CRM's features declare, registered with the outbox's registry when the CRM is loaded
 * (crm.module.ts imports this file). The order is the order webhooks, the journal and the API list them
 * (spec 6.1's, then the ERP alert); a new kind adds its feature's list here.
 */
export const CRM_EVENT_KINDS = registerEventKinds([
  ...OPPORTUNITY_EVENT_KINDS,
  ...COMPANY_EVENT_KINDS,
  ...PERSON_EVENT_KINDS,
  ...LEAD_EVENT_KINDS,
  ...ACTIVITY_EVENT_KINDS,
  ...TICKET_EVENT_KINDS,
  ...FORM_EVENT_KINDS,
  ...ERP_EVENT_KINDS,
] as const);

/** A kind the CRM declares. */
export type CrmEventName = (typeof CRM_EVENT_KINDS)[number]['name'];

/** The names, in order (webhook subscriptions, the journal's `event` filter). */
export const CRM_EVENT_NAMES: CrmEventName[] = CRM_EVENT_KINDS.map((k) => k.name);

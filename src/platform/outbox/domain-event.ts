import type { JsonMap } from '../database/tenant-entity';
/** The event kinds of spec 6.1, and `erp_stalled`. */
export type EventName =
  | 'opp_created'
  | 'opp_stage'
  | 'opp_won'
  | 'opp_lost'
  | 'customer_created'
  | 'contact_created'
  | 'lead_created'
  | 'visit_created'
  | 'ticket_created'
  | 'form_submitted'
  | 'erp_stalled'
  | 'test';

export interface DomainEvent {
  workspaceId: number;
  event: EventName;
  title: string;
  text: string;
  url: string;
  data: JsonMap;
  recordType: string;
  recordId?: number;
  /** Events about sample data are never written (6.1 exception 1). */
  sample?: boolean;
}

/** More events than this in one operation: none are written, an audit note is (6.1 exception 2). */
export const MAX_EVENTS_PER_OPERATION = 25;

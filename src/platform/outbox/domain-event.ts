import type { JsonMap } from '../database/tenant-entity';
import type { EventName } from './event-kinds';

/** One event recorded in the unit of work (its kind declared by a feature: event-kinds.ts). */
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
  /** Set by UnitOfWork.withOrigin: the engine's own note of the change's origin (the outbox row's `origin`). */
  origin?: JsonMap;
}

/** More events than this in one operation: none are written, an audit note is (6.1 exception 2). */
export const MAX_EVENTS_PER_OPERATION = 25;

import { formatTimestamp } from '../../../platform/common/time';
import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

/** The ERP connection card in the CRM's settings (the `url` of ERP alerts). */
export const ERP_SETTINGS_PATH = '/settings/erp';

export interface ErpStallFacts {
  workspaceId: number;
  timezone: string;
  stallId: number;
  stallMinutes: number;
  waiting: number;
  oldestWaitingAt: Date;
  lastPollAt: Date | null;
}

/**
 * `erp_stalled`: no ERP poll for `stall_minutes` while orders wait (data: waiting, oldest_waiting_at,
 * last_poll_at — null when the ERP never polled — and stall_minutes; timestamps in workspace local time).
 */
export function erpStalledEvent(f: ErpStallFacts): DomainEvent {
  const oldest = formatTimestamp(f.oldestWaitingAt, f.timezone);
  const lastPoll = formatTimestamp(f.lastPollAt, f.timezone);
  const orders = f.waiting === 1 ? '1 order waits' : `${f.waiting} orders wait`;
  return {
    workspaceId: f.workspaceId,
    event: 'erp_stalled',
    title: 'ERP connector stalled',
    text: `The ERP has not polled for ${f.stallMinutes} minutes (last poll: ${lastPoll ?? 'never'}) and ${orders}, the oldest since ${oldest}.`,
    url: ERP_SETTINGS_PATH,
    data: { waiting: f.waiting, oldest_waiting_at: oldest, last_poll_at: lastPoll, stall_minutes: f.stallMinutes },
    recordType: 'erp_stall',
    recordId: f.stallId,
  };
}

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    erp_stalled: true;
  }
}

/** The alerts of the ERP hand-over. */
export const ERP_EVENT_KINDS: EventKindList = {
  place: 80,
  kinds: [
    // not in spec 6.1: the ERP connector stopped polling while orders wait (ErpStallWatch); an alert about no record a user owns (admins read it)
    { name: 'erp_stalled', label: { en: 'the ERP link stalls', tr: 'ERP bağlantısı takıldığında' }, module: MODULES.orders, dataFields: ['waiting', 'oldest_waiting_at', 'last_poll_at', 'stall_minutes'] },
  ],
};

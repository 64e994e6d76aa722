import type { LabelMap } from '../../workspace/labels';
import type { TicketConstants } from './tickets.constants';

/**
 * The support tickets' constants in a new workspace, and their default labels: an installation renames or replaces
 * them (`constants:set`), so rules read the workspace's values, never these. Also what migration 1795360000000 gave
 * the workspaces that existed then.
 */
const STATUSES = ['Open', 'In progress', 'Waiting', 'Resolved', 'Closed'];

export const ticketDefaults = (): TicketConstants => ({ ticket_statuses: [...STATUSES], ticket_new_status: 'Open', ticket_closed_statuses: ['Resolved', 'Closed'] });

export const TICKET_DEFAULT_LABELS: { readonly en: LabelMap; readonly tr: LabelMap } = {
  en: { ticket_statuses: Object.fromEntries(STATUSES.map((s) => [s, s])) },
  tr: { ticket_statuses: { Open: 'Açık', 'In progress': 'Sürüyor', Waiting: 'Bekliyor', Resolved: 'Çözüldü', Closed: 'Kapandı' } },
};

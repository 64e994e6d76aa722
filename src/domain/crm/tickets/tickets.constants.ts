import { z } from 'zod';
import { memberOf, subsetOf, type ConstantsBlock } from '../../workspace/constants-blocks';
import type { LabelMap } from '../../workspace/labels';

/**
 * The support tickets' block of the workspace's constants (not in spec 2.3; `me` sends it as extra fields): the
 * statuses, the status of a new ticket and those that close one. Registered with the workspace's constants when the
 * CRM is loaded (../constants-blocks.ts finds it; its `place` is its order in `me`).
 */
export interface TicketConstants {
  /** Support ticket statuses; a new ticket gets `ticket_new_status`; closed ones are never overdue. */
  ticket_statuses: string[];
  ticket_new_status: string;
  ticket_closed_statuses: string[];
}

declare module '../../workspace/workspace.entity' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the tickets' keys, merged into the workspace's constants
  interface WorkspaceConstants extends TicketConstants {}
}
declare module '../../workspace/labels' {
  interface BlockLabelLists {
    ticket_statuses: true;
  }
}

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

export const TICKET_CONSTANTS: ConstantsBlock = {
  name: 'tickets',
  place: 20,
  defaults: ticketDefaults,
  lists: [
    { name: 'ticket_statuses', keys: true, nonEmpty: true, labelled: true },
    { name: 'ticket_closed_statuses', keys: true },
  ],
  check(c, lists, problem) {
    subsetOf(lists, problem, 'ticket_closed_statuses', 'ticket_statuses');
    memberOf(c, lists, problem, 'ticket_new_status', 'ticket_statuses', 'ticket_closed_statuses');
  },
  labels: TICKET_DEFAULT_LABELS,
  schema: {
    ticket_statuses: z.array(z.string()).meta({ description: 'allowed values of support ticket statuses in this installation' }),
    ticket_new_status: z.string(),
    ticket_closed_statuses: z.array(z.string()),
  },
};

import { z } from 'zod';
import { MAX_KEY_LENGTH } from '../../workspace/constants';
import { memberOf, subsetOf, type ConstantsBlock } from '../../workspace/constants-blocks';

/**
 * The leads' block of the workspace's constants (not in spec 2.3; `me` sends it as extra fields): the roles of the lead
 * statuses and the visit type a conversion logs. The statuses themselves (`lead_statuses`) and the fairs' lists stay
 * common: companies and Today read them. Registered with the workspace's constants when the CRM is loaded
 * (../constants-blocks.ts finds it; its `place` is its order in `me`).
 */
export interface LeadConstants {
  /** Status of a new lead (one of lead_statuses). */
  lead_status_new: string;
  /** Status a conversion sets (one of lead_statuses). */
  lead_status_converted: string;
  /**
   * Status a lead takes when its opportunity is won: a display status that need not be one of
   * lead_statuses (PATCH cannot set it then); `status_eff` shows it whenever the linked opportunity is won.
   */
  lead_status_won: string;
  /** Lead statuses that need no more work (Today's leads card leaves them out); includes lead_status_converted. */
  lead_closed_statuses: string[];
  /** Visit type of the fair visit a conversion logs (one of visit_types). */
  lead_visit_type: string;
}

declare module '../../workspace/workspace.entity' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the leads' keys, merged into the workspace's constants
  interface WorkspaceConstants extends LeadConstants {}
}

/**
 * The roles of the lead statuses in a new workspace (the statuses themselves are the workspace's common
 * `lead_statuses`, src/domain/workspace/defaults.ts): an installation renames or replaces them (`constants:set`), so
 * rules read the workspace's values, never these. Also what migration 1795350000000-FairLeads gave the workspaces that
 * existed then.
 */
export const leadDefaults = (): LeadConstants => ({
  lead_status_new: 'Yeni',
  lead_status_converted: 'Aktarıldı',
  lead_status_won: 'Kazanıldı',
  lead_closed_statuses: ['Aktarıldı', 'Vazgeçildi'],
  lead_visit_type: 'F2F',
});

export const LEAD_CONSTANTS: ConstantsBlock = {
  name: 'leads',
  place: 30,
  defaults: leadDefaults,
  lists: [{ name: 'lead_closed_statuses' }],
  check(c, lists, problem) {
    memberOf(c, lists, problem, 'lead_status_new', 'lead_statuses', 'lead_closed_statuses');
    memberOf(c, lists, problem, 'lead_status_converted', 'lead_statuses');
    const won = c.lead_status_won;
    if (won !== undefined && typeof won !== 'string') problem('lead_status_won', 'must be a string');
    else if (typeof won === 'string' && (!won.trim() || won.length > MAX_KEY_LENGTH)) problem('lead_status_won', `must be a non-empty string of at most ${MAX_KEY_LENGTH} characters`);
    subsetOf(lists, problem, 'lead_closed_statuses', 'lead_statuses');
    if (typeof c.lead_status_converted === 'string' && lists.lead_closed_statuses && !lists.lead_closed_statuses.includes(c.lead_status_converted)) {
      problem('lead_closed_statuses', 'must include lead_status_converted');
    }
    memberOf(c, lists, problem, 'lead_visit_type', 'visit_types');
  },
  schema: {
    lead_status_new: z.string().meta({ description: 'the status of a new lead' }),
    lead_status_converted: z.string().meta({ description: 'the status a conversion sets' }),
    lead_status_won: z.string().meta({ description: 'the display status of a lead whose opportunity is won (`status_eff`)' }),
    lead_closed_statuses: z.array(z.string()).meta({ description: "lead statuses that need no more work (Today's leads card leaves them out)" }),
    lead_visit_type: z.string().meta({ description: 'the visit type of the fair visit a conversion logs' }),
  },
};

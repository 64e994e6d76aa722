import type { LeadConstants } from './leads.constants';

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

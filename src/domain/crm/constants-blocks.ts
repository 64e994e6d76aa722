import { QUICK_ENTRY_CONSTANTS } from './quick-entry/quick-entry.constants';

/**
 * The blocks of the workspace's constants that the CRM's features own, registered with the workspace when the CRM is
 * loaded (crm.module.ts imports this file, as it imports event-kinds.ts). A feature with constants of its own declares
 * its block beside its code (`<feature>/<feature>.constants.ts`) and adds it here.
 */
export const CRM_CONSTANTS_BLOCKS = [QUICK_ENTRY_CONSTANTS] as const;

import { registerConstantsBlock } from '../workspace/constants-blocks';
import { LEAD_CONSTANTS } from './leads/leads.constants';
import { ORDER_CONSTANTS } from './orders/orders.constants';
import { QUICK_ENTRY_CONSTANTS } from './quick-entry/quick-entry.constants';
import { TICKET_CONSTANTS } from './tickets/tickets.constants';

/**
 * The blocks of the workspace's constants that the CRM's features own, registered with the workspace when the CRM is
 * loaded (crm.module.ts imports this file, as it imports event-kinds.ts), in this order: the order of their keys in a
 * new workspace and in `me`, and of their labelled lists. A feature with constants of its own declares its block
 * beside its code (`<feature>/<feature>.constants.ts`) and adds it here.
 */
export const CRM_CONSTANTS_BLOCKS = [ORDER_CONSTANTS, TICKET_CONSTANTS, LEAD_CONSTANTS, QUICK_ENTRY_CONSTANTS] as const;
for (const block of CRM_CONSTANTS_BLOCKS) registerConstantsBlock(block);

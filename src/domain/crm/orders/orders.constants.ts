import { z } from 'zod';
import { memberOf, subsetOf, type ConstantsBlock } from '../../workspace/constants-blocks';
import type { LabelMap } from '../../workspace/labels';

/**
 * The orders' block of the workspace's constants (not in spec 2.3; `me` sends it as extra fields): the statuses, the
 * status of a new order, those that mean the ERP has it (spec 3.5) and the one a send sets. Registered with the
 * workspace's constants when the CRM is loaded (../constants-blocks.ts finds it; its `place` is its order in `me`).
 */
export interface OrderConstants {
  /** Every order status; `order_new_status` is the status of a new order. */
  order_statuses: string[];
  order_new_status: string;
  /** Statuses meaning the order was sent to the ERP (spec 3.5): the PO is frozen, no second send. */
  order_erp_statuses: string[];
  /** The status `POST /orders/{id}/erp` sets (one of order_erp_statuses). */
  order_sent_status: string;
}

declare module '../../workspace/workspace.entity' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the orders' keys, merged into the workspace's constants
  interface WorkspaceConstants extends OrderConstants {}
}
declare module '../../workspace/labels' {
  interface BlockLabelLists {
    order_statuses: true;
  }
}

/**
 * The orders' constants in a new workspace, and their default labels: an installation renames or replaces them
 * (`constants:set`), so rules read the workspace's values, never these. Also what migration 1795360000000 gave the
 * workspaces that existed then.
 */
export const orderDefaults = (): OrderConstants => ({
  order_statuses: ['new', 'sent', 'open', 'shipped', 'invoiced', 'closed'],
  order_new_status: 'new',
  order_erp_statuses: ['sent', 'open', 'shipped', 'invoiced', 'closed'],
  order_sent_status: 'sent',
});

export const ORDER_DEFAULT_LABELS: { readonly en: LabelMap; readonly tr: LabelMap } = {
  en: { order_statuses: { new: 'New', sent: 'Sent', open: 'Open', shipped: 'Shipped', invoiced: 'Invoiced', closed: 'Closed' } },
  tr: { order_statuses: { new: 'Yeni', sent: 'Gönderildi', open: 'Açık', shipped: 'Sevk edildi', invoiced: 'Faturalandı', closed: 'Kapandı' } },
};

export const ORDER_CONSTANTS: ConstantsBlock = {
  name: 'orders',
  place: 10,
  defaults: orderDefaults,
  lists: [
    { name: 'order_statuses', keys: true, nonEmpty: true, labelled: true },
    { name: 'order_erp_statuses', keys: true, nonEmpty: true },
  ],
  check(c, lists, problem) {
    subsetOf(lists, problem, 'order_erp_statuses', 'order_statuses');
    memberOf(c, lists, problem, 'order_new_status', 'order_statuses', 'order_erp_statuses');
    memberOf(c, lists, problem, 'order_sent_status', 'order_erp_statuses');
  },
  labels: ORDER_DEFAULT_LABELS,
  schema: {
    order_statuses: z.array(z.string()).meta({ description: 'allowed values of order statuses in this installation' }),
    order_new_status: z.string().meta({ description: 'the status of a new order' }),
    order_erp_statuses: z.array(z.string()).meta({ description: 'order statuses meaning the order was sent to the ERP (spec 3.5)' }),
    order_sent_status: z.string().meta({ description: 'the status POST /api/v1/orders/{id}/erp sets' }),
  },
};

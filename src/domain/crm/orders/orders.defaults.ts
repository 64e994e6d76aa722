import type { LabelMap } from '../../workspace/labels';
import type { OrderConstants } from './orders.constants';

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

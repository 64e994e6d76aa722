import type { z } from 'zod';
import { formatTimestamp } from '../../platform/common/time';
import type { ErpLease, ErpListItem } from '../../domain/crm/orders/erp-exchange.service';
import { toOrderRow } from '../../domain/crm/orders/order-row';
import type { OrderView } from '../../domain/crm/orders/orders.service';
import type { ErpLeaseResponse, ErpOrderList, ErpReportResponse } from './erp.schema';

/** Spec 2.9: `{ok, orders:[{id, attempts, created_at, order}]}`; `order` is the snapshot as queued. */
export function toErpList(items: ErpListItem[], tz: string): z.output<typeof ErpOrderList> {
  return {
    ok: true as const,
    orders: items.map((i) => ({
      id: i.id,
      attempts: i.attempts,
      created_at: formatTimestamp(i.createdAt, tz),
      version: i.version,
      lease_token: i.leaseToken,
      lease_until: i.leaseUntil ? formatTimestamp(i.leaseUntil, tz) : null,
      order: i.order,
    })),
  };
}

/** POST /api/erp/v1/orders/{id}/lease. */
export function toErpLease(l: ErpLease, tz: string): z.output<typeof ErpLeaseResponse> {
  return { ok: true as const, id: l.id, lease_token: l.leaseToken, lease_until: formatTimestamp(l.leaseUntil, tz) };
}

/** The order row (spec 2.8) after a report. */
export function toErpReport(v: OrderView): z.output<typeof ErpReportResponse> {
  return { ok: true as const, order: toOrderRow(v) };
}

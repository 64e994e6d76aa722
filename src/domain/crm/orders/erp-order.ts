import type { User } from '../../identity/user.entity';
import type { Company } from '../companies/company.entity';
import type { Product } from '../products/product.entity';
import { rid } from '../shared/record-keys';
import type { Order } from './order.entity';
import { orderRef } from './orders.rules';

/** The ERP order of spec 2.9 (`order` of a queue entry), snapshotted when the order is queued. */
export interface ErpOrder {
  ref: string;
  po: string;
  date: string;
  due: string | null;
  kind: string;
  currency: string;
  note: string | null;
  order_id: number;
  payment_days: number;
  owner: { email: string; name: string };
  customer: {
    id: number;
    rid: string;
    name: string;
    code: string;
    ext_id: string;
    tax_no: string;
    tax_office: string;
    address: string;
    city: string;
    phone: string;
    email: string;
  };
  lines: { code: string; ext_id: string; name: string; unit: string; qty: number; price: number }[];
}

/**
 * Builds the ERP order (pure). `code` and `ext_id` of the customer are empty without an ERP account;
 * an order without a catalogue product has one line named by its note (or kind) with empty codes.
 */
export function erpOrder(o: Order, customer: Company, product: Product | null, owner: User | null): ErpOrder {
  return {
    ref: orderRef(o.id),
    po: o.customerPo,
    date: o.date,
    due: o.dueDate,
    kind: o.kind,
    currency: o.currency,
    note: o.note || null,
    order_id: o.id,
    payment_days: o.paymentDays,
    owner: { email: owner?.email ?? '', name: owner?.fullName ?? '' },
    customer: {
      id: customer.id,
      rid: rid('C', customer.id),
      name: customer.name,
      code: customer.erpCode,
      ext_id: customer.erpExtId,
      tax_no: customer.taxNo,
      tax_office: customer.taxOffice,
      address: customer.address,
      city: customer.city,
      phone: customer.phone,
      email: customer.email,
    },
    lines: [
      {
        code: product?.code ?? '',
        ext_id: product?.extId ?? '',
        name: product?.name ?? (o.note || o.kind),
        unit: o.unit,
        qty: o.kg,
        price: o.price,
      },
    ],
  };
}

/** Sorted-key JSON (jsonb does not keep key order). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * Whether the ERP order changed in what supersedes a sent version (pure): its lines (product, quantity,
 * price), PO, or customer (the account the ERP writes it to). The owner's name or e-mail do not count.
 */
export function erpOrderChanged(sent: ErpOrder, now: ErpOrder): boolean {
  const part = (o: ErpOrder) => canonical({ po: o.po, customer: o.customer, lines: o.lines });
  return part(sent) !== part(now);
}

/**
 * Pure rules of orders (table-tested in test/unit/orders-rules.spec.ts): the customer PO, the exact
 * amount, the ERP-sent statuses and the `erp` object of an order row.
 */
import type { WorkspaceConstants } from '../../workspace/workspace.entity';
import type { OrderErpState } from './order.entity';

/** Longest customer PO after whitespace is collapsed (spec 4.5, 8). */
export const MAX_PO_LENGTH = 60;

/** Largest amount (kg × price) an order may have: below the numeric(16,2) column. */
export const MAX_ORDER_AMOUNT = 1e13;

/** Whitespace (any run, including tabs and line breaks) collapsed to one space, ends trimmed. */
export function collapsePo(raw: string): string {
  return raw.replace(/\s+/gu, ' ').trim();
}

/** Spec 3.5: the order was already sent to the ERP (its PO is frozen; it is not sent again). */
export function isErpSent(c: Pick<WorkspaceConstants, 'order_erp_statuses'>, status: string): boolean {
  return c.order_erp_statuses.includes(status);
}

/** A JavaScript number as an exact decimal: digits (as a BigInt) and the number of decimal places. */
function toDecimal(v: number): { digits: bigint; scale: number } {
  if (!Number.isFinite(v)) throw new RangeError('not a finite number');
  const [mantissa, exp = '0'] = String(v).split('e');
  const negative = mantissa!.startsWith('-');
  const [int, frac = ''] = (negative ? mantissa!.slice(1) : mantissa!).split('.');
  let digits = BigInt(`${int}${frac}` || '0');
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: negative ? -digits : digits, scale };
}

/**
 * kg × price rounded half away from zero to cents, computed on the decimals as written (no binary
 * floating point drift: 0.1 × 3 is 0.3, 1.005 × 1 is 1.01).
 */
export function orderAmount(kg: number, price: number): number {
  const a = toDecimal(kg);
  const b = toDecimal(price);
  const product = a.digits * b.digits;
  const scale = a.scale + b.scale;
  if (scale <= 2) return Number(product * 10n ** BigInt(2 - scale)) / 100;
  const div = 10n ** BigInt(scale - 2);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  let cents = abs / div;
  if ((abs % div) * 2n >= div) cents += 1n;
  const whole = cents / 100n;
  const rest = cents % 100n;
  const text = `${negative ? '-' : ''}${whole}.${rest.toString().padStart(2, '0')}`;
  return Number(text);
}

export interface ErpView {
  status: OrderErpState;
  label: string;
  tone: 'info' | 'warning' | 'success' | 'danger';
  ext_no: string;
  error: string;
}

/**
 * The `erp` object of an order row (spec 2.8): null when never sent. A queued order whose last attempt
 * failed (to be retried) shows the error with a warning tone.
 */
export function erpView(o: { erpState: OrderErpState | null; erpExtNo: string; erpError: string }): ErpView | null {
  if (!o.erpState) return null;
  const base = { status: o.erpState, ext_no: o.erpExtNo, error: o.erpError };
  switch (o.erpState) {
    case 'queued':
      return o.erpError ? { ...base, label: 'Retrying after an ERP error', tone: 'warning' } : { ...base, label: 'Waiting for the ERP', tone: 'info' };
    case 'written':
      return { ...base, label: o.erpExtNo ? `In the ERP as ${o.erpExtNo}` : 'In the ERP', tone: 'success' };
    case 'failed':
      return { ...base, label: 'ERP could not write it', tone: 'danger' };
  }
}

/** The order's reference in the ERP order (spec 2.9 `ref`). */
export const orderRef = (id: number): string => `ORD-${id}`;

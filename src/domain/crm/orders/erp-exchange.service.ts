import { Injectable } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { AuthContext } from '../../identity/auth-context';
import { Product } from '../products/product.entity';
import { Clock } from '../../../platform/common/clock';
import { ERP_QUEUE_WAITING, ErpQueueEntry, ErpQueueState } from './erp-queue-entry.entity';
import type { ErpOrder } from './erp-order';
import { Order } from './order.entity';
import type { OrderView } from './orders.service';

/** Spec 4.6 / 8: at most this many entries per list call. */
export const ERP_LIST_LIMIT = 100;
/** Spec 3.5 / 8: a claimed entry is not listed again for this long. */
export const ERP_CLAIM_MINUTES = 30;
/** A failed report on an entry claimed this many times parks it (`failed`, shown to users). */
export const ERP_MAX_ATTEMPTS = 5;

const WRITTEN: ErpQueueState = 'written';
const PARKED: ErpQueueState = 'failed';

/** An entry as the ERP list returns it (spec 2.9). */
export interface ErpListItem {
  id: number;
  attempts: number;
  createdAt: Date;
  order: ErpOrder;
}

/** The ERP's result report (body of POST /api/erp/v1/orders/{id}). */
export type ErpReport = { ok: true; ext_no: string; status?: string } | { ok: false; error: string };

interface RawEntry {
  id: number;
  attempts: number;
  created_at: Date;
  payload: ErpOrder;
}

/**
 * The ERP side of the order queue (spec 2.9, 3.5, 4.6): listing and claiming waiting entries with a
 * lease, and the ERP's result reports, which update the queue entry and the order row's ERP state in
 * one unit of work. Callers are ERP keys (workspace credentials without a user).
 */
@Injectable()
export class ErpExchangeService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * Waiting entries whose lease (if any) ran out, oldest first, at most 100. With `claim` they are leased
   * for 30 minutes and their `attempts` go up by one, in ONE statement whose inner SELECT takes the rows
   * `FOR UPDATE SKIP LOCKED`: concurrent pollers (on any instance) never receive the same entry.
   */
  async list(auth: AuthContext, claim: boolean): Promise<ErpListItem[]> {
    const db = this.uow.tenant(auth.workspace.id);
    const now = this.clock.now();
    const cols = 'id, attempts, created_at, payload';
    const lock = claim ? ' FOR UPDATE SKIP LOCKED' : '';
    // Two index ranges, never a walk past running leases: entries never leased (or released by a failure
    // report) in id order, and entries whose lease ran out (by lease end). Each part is a MATERIALIZED CTE:
    // as a plain `id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` the planner may rescan the subquery per
    // outer row, and the LIMIT then caps nothing (all 120 of 120 were claimed in the test).
    const picked = `fresh AS MATERIALIZED (
        SELECT id FROM erp_queue WHERE workspace_id = $1 AND state = $2 AND claimed_until IS NULL ORDER BY id LIMIT ${ERP_LIST_LIMIT}${lock}
      ), expired AS MATERIALIZED (
        SELECT id FROM erp_queue WHERE workspace_id = $1 AND state = $2 AND claimed_until IS NOT NULL AND claimed_until <= $3 ORDER BY id LIMIT ${ERP_LIST_LIMIT}${lock}
      ), picked AS (
        SELECT id FROM fresh UNION ALL SELECT id FROM expired ORDER BY id LIMIT ${ERP_LIST_LIMIT}
      )`;
    let rows: RawEntry[];
    if (!claim) {
      rows = await db.sql<RawEntry>(`WITH ${picked} SELECT ${cols} FROM erp_queue WHERE workspace_id = $1 AND id IN (SELECT id FROM picked) ORDER BY id`, [ERP_QUEUE_WAITING, now]);
    } else {
      const until = new Date(now.getTime() + ERP_CLAIM_MINUTES * 60_000);
      // one statement: pick (locking, skipping rows other pollers hold), lease, answer in id order
      rows = await this.uow.run(() =>
        db.sql<RawEntry>(
          `WITH ${picked}, claimed AS (
             UPDATE erp_queue SET claimed_until = $4, claimed_at = $3, attempts = attempts + 1, updated_at = $3
             WHERE workspace_id = $1 AND id IN (SELECT id FROM picked)
             RETURNING ${cols})
           SELECT ${cols} FROM claimed ORDER BY id`,
          [ERP_QUEUE_WAITING, now, until],
        ),
      );
    }
    return rows.map((r) => ({ id: Number(r.id), attempts: Number(r.attempts), createdAt: new Date(r.created_at), order: r.payload }));
  }

  /**
   * The ERP's result for a queue entry (spec 4.6): `ok:true` with its number (written; later status
   * updates carry `status`, one of constants.order_erp_statuses), or `ok:false` with an error (back to
   * the queue, parked after ERP_MAX_ATTEMPTS claims). A repeated identical report changes nothing. 404 for
   * an unknown entry (or one of another workspace); 409 for a failure report on a written entry or a
   * different number for a written one.
   */
  async report(auth: AuthContext, id: number, r: ErpReport): Promise<OrderView> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    if (r.ok && r.status !== undefined && !ws.constants.order_erp_statuses.includes(r.status)) {
      throw invalid('status', `must be one of ${ws.constants.order_erp_statuses.join(', ')}`);
    }
    return this.uow.run(async () => {
      const entry = await db.byId(ErpQueueEntry, id, true);
      if (!entry) throw notFound('ERP queue entry');
      const order = await db.byId(Order, entry.orderId, true);
      if (!order) throw notFound('order');
      const now = this.clock.now();
      if (r.ok) {
        if (entry.state === WRITTEN && entry.extNo !== r.ext_no) {
          throw new DomainError('conflict', `entry ${id} was already written as ${entry.extNo}`, { ext_no: entry.extNo });
        }
        if (entry.state !== WRITTEN) {
          await db.update(ErpQueueEntry, { id }, { state: WRITTEN, extNo: r.ext_no, lastError: '', claimedUntil: null, doneAt: now });
        }
        const status = r.status ?? order.status;
        if (order.erpState !== 'written' || order.erpExtNo !== r.ext_no || order.erpError !== '' || order.status !== status) {
          await db.update(Order, { id: order.id }, { erpState: 'written', erpExtNo: r.ext_no, erpError: '', status });
        }
      } else {
        if (entry.state === WRITTEN) throw new DomainError('conflict', `entry ${id} was already written as ${entry.extNo}`, { ext_no: entry.extNo });
        const park = entry.state === PARKED || entry.attempts >= ERP_MAX_ATTEMPTS;
        const state: ErpQueueState = park ? PARKED : ERP_QUEUE_WAITING;
        const erpState = park ? 'failed' : 'queued';
        if (entry.state !== state || entry.lastError !== r.error || entry.claimedUntil !== null) {
          await db.update(ErpQueueEntry, { id }, { state, lastError: r.error, claimedUntil: null, doneAt: park ? now : null });
        }
        if (order.erpState !== erpState || order.erpError !== r.error) {
          await db.update(Order, { id: order.id }, { erpState, erpError: r.error });
        }
      }
      const fresh = (await db.byId(Order, order.id))!;
      const product = fresh.productId ? await db.byId(Product, fresh.productId) : null;
      return { order: fresh, productName: product?.name ?? '' };
    });
  }
}

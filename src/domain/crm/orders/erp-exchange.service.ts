import { Injectable } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { AuthContext } from '../../identity/auth-context';
import { Product } from '../products/product.entity';
import { Clock } from '../../../platform/common/clock';
import { ERP_QUEUE_WAITING, ErpDeadReason, ErpQueueEntry, ErpQueueState } from './erp-queue-entry.entity';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { erpOrder, erpOrderChanged, type ErpOrder } from './erp-order';
import { Company } from '../companies/company.entity';
import { User } from '../../identity/user.entity';
import { Order } from './order.entity';
import { linkNames, nameOf } from '../shared/lateral';
import type { OrderView } from './orders.service';

/** Spec 4.6 / 8: at most this many entries per list call. */
export const ERP_LIST_LIMIT = 100;
/** Spec 3.5 / 8: a claimed entry is not listed again for this long. */
export const ERP_CLAIM_MINUTES = 30;
/** A failed report on an entry claimed this many times parks it (`failed`, shown to users). */
export const ERP_MAX_ATTEMPTS = 5;
/** A retryable failure (`retry` true or omitted) comes back after 2^(attempts-1) minutes, at most this many: 1, 2, 4, 8 … */
export const ERP_BACKOFF_MAX_MINUTES = 30;

/** Minutes before an entry that failed on its `attempts`-th claim is listed again (pure). */
export function erpBackoffMinutes(attempts: number): number {
  return Math.min(ERP_BACKOFF_MAX_MINUTES, 2 ** Math.max(0, Math.min(attempts, 16) - 1));
}

const WRITTEN: ErpQueueState = 'written';
const PARKED: ErpQueueState = 'failed';

/** An entry as the ERP list returns it (spec 2.9). */
export interface ErpListItem {
  id: number;
  attempts: number;
  createdAt: Date;
  order: ErpOrder;
  version: number;
  /** Only in a claim's answer: the fencing token of this claim and its lease end. */
  leaseToken: string | null;
  leaseUntil: Date | null;
}

/**
 * The ERP's result report (body of POST /api/erp/v1/orders/{id}). `lease_token`, when sent, must be the
 * entry's current claim token. A failure with `retry: false` is a rejection (dead letter at once).
 */
export type ErpReport = ({ ok: true; ext_no: string; status?: string } | { ok: false; error: string; retry?: boolean }) & { lease_token?: string; version?: number };

/** A renewed lease. */
export interface ErpLease {
  id: number;
  leaseToken: string;
  leaseUntil: Date;
}

interface RawEntry {
  id: number;
  attempts: number;
  created_at: Date;
  payload: ErpOrder;
  lease_token: string | null;
  claimed_until: Date | null;
  version: number;
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
    const cols = 'id, attempts, created_at, payload, lease_token, claimed_until, version';
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
             UPDATE erp_queue SET claimed_until = $4, claimed_at = $3, attempts = attempts + 1, updated_at = $3, lease_token = gen_random_uuid()::text
             WHERE workspace_id = $1 AND id IN (SELECT id FROM picked)
             RETURNING ${cols})
           SELECT ${cols} FROM claimed ORDER BY id`,
          [ERP_QUEUE_WAITING, now, until],
        ),
      );
    }
    return rows.map((r) => ({
      id: Number(r.id),
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at),
      order: r.payload,
      version: Number(r.version),
      // a plain list never shows a token: it may be another poller's (an expired lease not yet taken over)
      leaseToken: claim ? r.lease_token : null,
      leaseUntil: claim && r.claimed_until ? new Date(r.claimed_until) : null,
    }));
  }

  /**
   * Extends the lease of a claimed entry by 30 minutes from now (POST /api/erp/v1/orders/{id}/lease). The
   * token must be the entry's current one: after another claim took the entry over, 409 `lease_lost`; an
   * entry already written or parked is 409 `conflict`. An expired lease nobody took over is renewed.
   */
  async extendLease(auth: AuthContext, id: number, token: string): Promise<ErpLease> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const entry = await db.byId(ErpQueueEntry, id, true);
      if (!entry) throw notFound('ERP queue entry');
      if (entry.state !== ERP_QUEUE_WAITING) throw new DomainError('conflict', `entry ${id} is ${entry.state}: there is no lease to extend`);
      assertLease(entry, token);
      const now = this.clock.now();
      const until = new Date(now.getTime() + ERP_CLAIM_MINUTES * 60_000);
      await db.update(ErpQueueEntry, { id }, { claimedUntil: until });
      return { id, leaseToken: token, leaseUntil: until };
    });
  }

  /**
   * The ERP's result for a queue entry (spec 4.6): `ok:true` with its number (written; later status
   * updates carry `status`, one of constants.order_erp_statuses), or `ok:false` with an error: with
   * `retry: false` the ERP refused the order and it becomes a dead letter at once; otherwise it comes back
   * after a backoff (erpBackoffMinutes), and is parked after ERP_MAX_ATTEMPTS claims. A repeated identical
   * report changes nothing. 404 for an unknown entry (or one of another workspace); 409 `lease_lost` when
   * `lease_token` is not the entry's current one (another claim took it over); 409 `conflict` for a failure
   * report on a written entry or a different number for a written one. Without `lease_token` (spec 4.6 shows
   * no report body: pollers written before fencing) the report is taken as before.
   */
  async report(auth: AuthContext, id: number, r: ErpReport): Promise<OrderView> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    if (r.ok && r.status !== undefined && !ws.constants.order_erp_statuses.includes(r.status)) {
      throw invalid('status', `must be one of ${ws.constants.order_erp_statuses.join(', ')}`);
    }
    const outcome = await this.uow.run(async (): Promise<OrderView | { superseded: number }> => {
      const entry = await db.byId(ErpQueueEntry, id, true);
      if (!entry) throw notFound('ERP queue entry');
      const order = await db.byId(Order, entry.orderId, true);
      if (!order) throw notFound('order');
      if (r.lease_token !== undefined && entry.leaseToken !== null) assertLease(entry, r.lease_token);
      if (entry.state === ERP_QUEUE_WAITING) {
        if (r.version !== undefined && r.version < entry.version) return { superseded: entry.version };
        const version = await this.supersede(db, entry, order);
        if (version) return { superseded: version };
      }
      if (r.ok) await this.written(db, entry, order, r);
      else await this.failed(db, entry, order, r);
      const fresh = (await db.byId(Order, order.id))!;
      const product = fresh.productId ? await db.byId(Product, fresh.productId) : null;
      const names = await linkNames(db, { companies: [fresh.customerId], opps: [fresh.oppId] }, null);
      return { order: fresh, productName: product?.name ?? '', customerName: names.companies.get(fresh.customerId) ?? '', oppName: nameOf(names.opps, fresh.oppId) };
    });
    // thrown after the unit of work committed: the new version stays queued
    if ('superseded' in outcome) {
      throw new DomainError('superseded', `the order changed after it was claimed; version ${outcome.superseded} is queued and will be listed again`, { version: outcome.superseded });
    }
    return outcome;
  }

  /**
   * Supersession: when the order's customer, lines or PO differ from the ERP order the entry holds, the
   * entry gets the new ERP order as the next version, its lease ends and it is listed again at once.
   * Answers the new version, or 0 when nothing changed (or the customer is gone: the entry keeps its order).
   */
  private async supersede(db: TenantDb, entry: ErpQueueEntry, order: Order): Promise<number> {
    const customer = await db.byId(Company, order.customerId);
    if (!customer) return 0;
    const product = order.productId ? await db.byId(Product, order.productId) : null;
    const owner = await db.byId(User, order.ownerId);
    const now = erpOrder(order, customer, product, owner);
    if (!erpOrderChanged(entry.payload as unknown as ErpOrder, now)) return 0;
    const version = entry.version + 1;
    await db.update(ErpQueueEntry, { id: entry.id }, { version, payload: { ...now } as unknown as JsonMap, claimedUntil: null, leaseToken: null });
    return version;
  }

  private async written(db: TenantDb, entry: ErpQueueEntry, order: Order, r: { ext_no: string; status?: string }): Promise<void> {
    if (entry.state === WRITTEN && entry.extNo !== r.ext_no) {
      throw new DomainError('conflict', `entry ${entry.id} was already written as ${entry.extNo}`, { ext_no: entry.extNo });
    }
    if (entry.state !== WRITTEN) {
      await db.update(ErpQueueEntry, { id: entry.id }, { state: WRITTEN, extNo: r.ext_no, lastError: '', deadReason: '', claimedUntil: null, doneAt: this.clock.now() });
    }
    const status = r.status ?? order.status;
    if (order.erpState !== 'written' || order.erpExtNo !== r.ext_no || order.erpError !== '' || order.status !== status) {
      await db.update(Order, { id: order.id }, { erpState: 'written', erpExtNo: r.ext_no, erpError: '', status });
    }
  }

  private async failed(db: TenantDb, entry: ErpQueueEntry, order: Order, r: { error: string; retry?: boolean }): Promise<void> {
    if (entry.state === WRITTEN) throw new DomainError('conflict', `entry ${entry.id} was already written as ${entry.extNo}`, { ext_no: entry.extNo });
    if (entry.state === PARKED) {
      // a dead letter stays one; an identical repeat changes nothing
      if (entry.lastError !== r.error) await db.update(ErpQueueEntry, { id: entry.id }, { lastError: r.error });
      if (order.erpState !== 'failed' || order.erpError !== r.error) await db.update(Order, { id: order.id }, { erpState: 'failed', erpError: r.error });
      return;
    }
    const now = this.clock.now();
    const reason: ErpDeadReason | '' = r.retry === false ? 'rejected' : entry.attempts >= ERP_MAX_ATTEMPTS ? 'attempts' : '';
    if (reason) {
      await db.update(ErpQueueEntry, { id: entry.id }, { state: PARKED, deadReason: reason, lastError: r.error, claimedUntil: null, leaseToken: null, doneAt: now });
      await db.update(Order, { id: order.id }, { erpState: 'failed', erpError: r.error });
      return;
    }
    // a repeat of the failure that released this lease changes nothing (the backoff keeps running)
    if (entry.leaseToken === null && entry.lastError === r.error) return;
    const back = new Date(now.getTime() + erpBackoffMinutes(entry.attempts) * 60_000);
    await db.update(ErpQueueEntry, { id: entry.id }, { lastError: r.error, claimedUntil: back, leaseToken: null });
    if (order.erpState !== 'queued' || order.erpError !== r.error) await db.update(Order, { id: order.id }, { erpState: 'queued', erpError: r.error });
  }
}

/** 409 `lease_lost` unless `token` is the entry's current claim token. */
function assertLease(entry: ErpQueueEntry, token: string): void {
  if (entry.leaseToken !== token) {
    throw new DomainError('lease_lost', `the lease on entry ${entry.id} was taken over by a later claim (or ended); drop this order, another poller has it`);
  }
}

import { Injectable } from '@nestjs/common';
import { DomainError, forbidden, notFound } from '../../../platform/common/errors';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { Company } from '../companies/company.entity';
import { Product } from '../products/product.entity';
import { ERP_QUEUE_WAITING, ErpQueueEntry } from './erp-queue-entry.entity';
import { erpOrder } from './erp-order';
import { Order } from './order.entity';
import { orderRef } from './orders.rules';

/** At most this many dead letters are listed (newest first); "requeue all" takes every one. */
export const ERP_DEAD_LETTERS_LIMIT = 200;

const DEAD = 'failed';

export interface ErpDeadLetter {
  entry: ErpQueueEntry;
  ref: string;
}

/**
 * The ERP queue's dead letters: entries the ERP rejected (`retry: false`) or that failed
 * ERP_MAX_ATTEMPTS claims. An admin lists them with their reasons, fixes the data (customer ERP code,
 * product…) and requeues one or all: the entry's ERP order is rebuilt from the order as it is now and
 * the entry waits again with its attempts reset. Admins only (403 forbidden).
 */
@Injectable()
export class ErpDeadLettersService {
  constructor(private readonly uow: UnitOfWork) {}

  async list(auth: UserContext): Promise<{ items: ErpDeadLetter[]; total: number }> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    const entries = await db
      .qb(ErpQueueEntry, 'q')
      .andWhere('q.state = :dead', { dead: DEAD })
      .orderBy('q.done_at', 'DESC', 'NULLS LAST')
      .addOrderBy('q.id', 'DESC')
      .limit(ERP_DEAD_LETTERS_LIMIT)
      .getMany();
    const total = entries.length < ERP_DEAD_LETTERS_LIMIT ? entries.length : await db.count(ErpQueueEntry, { state: DEAD });
    return { items: entries.map((entry) => ({ entry, ref: orderRef(entry.orderId) })), total };
  }

  /** Requeues one dead letter (404 when there is none with this id; 409 when the entry is not a dead letter). */
  async requeue(auth: UserContext, id: number): Promise<number> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const entry = await db.byId(ErpQueueEntry, id, true);
      if (!entry) throw notFound('ERP queue entry');
      if (entry.state !== DEAD) throw new DomainError('conflict', `entry ${id} is ${entry.state}, not a dead letter`);
      return (await this.revive(db, entry)) ? 1 : 0;
    });
  }

  /** Requeues every dead letter of the workspace; answers how many. */
  async requeueAll(auth: UserContext): Promise<number> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const dead = await db.qb(ErpQueueEntry, 'q').andWhere('q.state = :dead', { dead: DEAD }).orderBy('q.id', 'ASC').setLock('pessimistic_write').getMany();
      let n = 0;
      for (const entry of dead) if (await this.revive(db, entry)) n++;
      return n;
    });
  }

  /** The entry waits again with a fresh ERP order; false when the order is gone or already waits in another entry. */
  private async revive(db: TenantDb, entry: ErpQueueEntry): Promise<boolean> {
    const order = await db.byId(Order, entry.orderId, true);
    if (!order) return false;
    if (await db.exists(ErpQueueEntry, { orderId: order.id, state: ERP_QUEUE_WAITING })) return false;
    const customer = await db.byId(Company, order.customerId);
    const product = order.productId ? await db.byId(Product, order.productId) : null;
    const owner = await db.byId(User, order.ownerId);
    const payload = customer ? { ...erpOrder(order, customer, product, owner) } : entry.payload;
    await db.update(
      ErpQueueEntry,
      { id: entry.id },
      { state: ERP_QUEUE_WAITING, attempts: 0, claimedUntil: null, leaseToken: null, deadReason: '', lastError: '', doneAt: null, payload },
    );
    await db.update(Order, { id: order.id }, { erpState: 'queued', erpError: '' });
    return true;
  }
}

function assertAdmin(auth: UserContext): void {
  if (!isAdmin(auth)) throw forbidden('only admins manage the ERP connection');
}

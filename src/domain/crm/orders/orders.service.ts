import { Injectable } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../../../platform/common/errors';
import { storedAsIs } from '../../../platform/common/record-input';
import { todayIn } from '../../../platform/common/time';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { Company } from '../companies/company.entity';
import { Product } from '../products/product.entity';
import { AccessService } from '../shared/access.service';
import { leftJoinLateralAndMapOne, linkNames } from '../shared/lateral';
import { applyPageWalked, finishPage, Page, PageQuery } from '../shared/paging';
import { RefsService } from '../shared/refs.service';
import { ERP_QUEUE_WAITING, ErpQueueEntry } from './erp-queue-entry.entity';
import { erpOrder } from './erp-order';
import { Order } from './order.entity';
import { OrderFields, OrderFilters, type OrderInput } from './order-row';
import type { z } from 'zod';
import { collapsePo, isErpSent, MAX_ORDER_AMOUNT, MAX_PO_LENGTH, orderAmount } from './orders.rules';

/** The declared fields `prepare` treats itself (checks, defaults); any other is stored as it came (`storedAsIs`). */
const HANDLED = ['customer_id', 'opp_id', 'product_id', 'kg', 'price', 'currency', 'unit', 'kind', 'date', 'due_date', 'payment_days', 'note', 'owner_id'] as const;

export interface OrderCreateOptions {
  /** Sample data (demo seed). */
  isSample?: boolean;
}

export type OrderListQuery = PageQuery & z.output<typeof OrderFilters>;

/** An order with the names of its product (the row's `product`), company and opportunity. */
export interface OrderView {
  order: Order;
  productName: string;
  /** '' when the company no longer exists. */
  customerName: string;
  /** null without an opportunity; '' when it no longer exists. */
  oppName: string | null;
}

export interface PoChange {
  changed: boolean;
  view: OrderView;
}

/** Orders on a company or opportunity record: the newest ones, at most this many. */
export const RECORD_ORDERS_LIMIT = 100;

type OrderRow = Order & { joinedProduct?: Product | null };

/**
 * Sales orders (spec 2.8, 3.5, 4.5) and their hand-over to the ERP queue. Visibility and editing
 * follow the order's owner like every record (docs/crm-rules.md). Orders raise no events: spec 6.1
 * lists none for them.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
  ) {}

  async list(auth: UserContext, q: OrderListQuery): Promise<Page<OrderView>> {
    const qb = this.uow.tenant(auth.workspace.id).qb(Order, 'o');
    const visible = await this.access.visibleOwnerIds(auth);
    if (visible) qb.andWhere('o.owner_id IN (:...visible)', { visible });
    if (q.customer_id !== undefined) qb.andWhere('o.customer_id = :customerId', { customerId: q.customer_id });
    if (q.opp_id !== undefined) qb.andWhere('o.opp_id = :oppId', { oppId: q.opp_id });
    if (q.status !== undefined) qb.andWhere('o.status = :status', { status: this.refs.oneOf(auth, 'order_statuses', q.status, 'status') });
    // the unfiltered list walks the key's index (applyPageWalked): O(page) without statistics too
    const unfiltered = !visible && q.customer_id === undefined && q.opp_id === undefined && q.status === undefined;
    const page = applyPageWalked(qb, 'o', q, auth.workspace.timezone, unfiltered ? { table: 'orders', workspaceId: auth.workspace.id } : null);
    // a plain LIMIT: with a join, TypeORM's take() would first run a separate DISTINCT query for the ids
    qb.take(undefined).limit(page.limit + 1);
    joinProduct(qb);
    const { items, nextCursor } = finishPage((await qb.getMany()) as OrderRow[], page);
    return { items: await this.named(auth, items), nextCursor };
  }

  async get(auth: UserContext, id: number): Promise<OrderView> {
    const row = (await joinProduct(this.uow.tenant(auth.workspace.id).qb(Order, 'o')).andWhere('o.id = :id', { id }).getOne()) as OrderRow | null;
    if (!row || !this.access.canSee(await this.access.visibleOwnerIds(auth), row.ownerId)) throw notFound('order');
    return (await this.named(auth, [row]))[0]!;
  }

  /** The orders a company record shows (visible to the caller, newest first): one query. */
  forCompany(auth: UserContext, companyId: number): Promise<OrderView[]> {
    return this.forRecord(auth, 'customer_id', companyId);
  }

  /** The orders an opportunity record shows (visible to the caller, newest first): one query. */
  forOpportunity(auth: UserContext, oppId: number): Promise<OrderView[]> {
    return this.forRecord(auth, 'opp_id', oppId);
  }

  private async forRecord(auth: UserContext, column: 'customer_id' | 'opp_id', id: number): Promise<OrderView[]> {
    const qb = joinProduct(this.uow.tenant(auth.workspace.id).qb(Order, 'o')).andWhere(`o.${column} = :recordId`, { recordId: id });
    const visible = await this.access.visibleOwnerIds(auth);
    if (visible) qb.andWhere('o.owner_id IN (:...visible)', { visible });
    const rows = (await qb.orderBy('o.id', 'DESC').limit(RECORD_ORDERS_LIMIT).getMany()) as OrderRow[];
    return this.named(auth, rows);
  }

  /** The rows as views with their company and opportunity names: one query per kind for the whole page. */
  private async named(auth: UserContext, rows: OrderRow[]): Promise<OrderView[]> {
    const names = await linkNames(this.uow.tenant(auth.workspace.id), { companies: rows.map((o) => o.customerId), opps: rows.map((o) => o.oppId)  }, await this.access.visibleOwnerIds(auth));
    return rows.map((row) => {
      const { joinedProduct, ...order } = row;
      return {
        order: Object.assign(new Order(), order),
        productName: joinedProduct?.name ?? '',
        customerName: names.companies.get(row.customerId) ?? '',
        oppName: row.oppId === null ? null : (names.opps.get(row.oppId) ?? ''),
      };
    });
  }

  async create(auth: UserContext, input: OrderInput, opts: OrderCreateOptions = {}): Promise<OrderView> {
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const { fields, view } = await this.prepare(auth, input);
      const order = await db.save(Order, db.create(Order, { ...fields, isSample: opts.isSample ?? false, createdBy: auth.user.id }));
      return { ...view, order };
    });
  }

  /**
   * The order `create` would make, every check of it run (the same 400s and 404s) and nothing written: what a
   * workflow's simulation says it would create (docs/decisions/workflows.md).
   */
  checkCreate(auth: UserContext, input: OrderInput): Promise<OrderView> {
    return this.uow.run(async () => {
      const { fields, view } = await this.prepare(auth, input);
      return { ...view, order: Object.assign(new Order(), fields) };
    });
  }

  /** The checks and defaults of a new order (REST's and a workflow's alike), read in the caller's transaction. */
  private async prepare(auth: UserContext, input: OrderInput): Promise<{ fields: Partial<Order>; view: Omit<OrderView, 'order'> }> {
    const ws = auth.workspace;
    const app = ws.app;
    if (!(input.kg > 0)) throw invalid('kg', 'must be above 0');
    if (!(input.price >= 0)) throw invalid('price', 'must be 0 or more');
    const amount = orderAmount(input.kg, input.price);
    if (Math.abs(amount) >= MAX_ORDER_AMOUNT) throw invalid('price', `kg × price must be below ${MAX_ORDER_AMOUNT.toExponential()}`);
    const kind = input.kind !== undefined ? this.refs.oneOf(auth, 'order_kinds', input.kind, 'kind') : ws.constants.order_kinds[0];
    if (!kind) throw invalid('kind', 'the workspace has no order kinds');
    const date = input.date ?? todayIn(ws.timezone);
    if (input.due_date && input.due_date < date) throw invalid('due_date', 'must not be before date');
    if (input.currency !== undefined && !app.currencies.includes(input.currency)) throw invalid('currency', `must be one of ${app.currencies.join(', ')}`);
    if (input.unit !== undefined && !app.units.includes(input.unit)) throw invalid('unit', `must be one of ${app.units.join(', ')}`);
    const customer = await this.refs.company(auth, input.customer_id, 'customer_id');
    const opp = input.opp_id != null ? await this.refs.opportunity(auth, input.opp_id, 'opp_id') : null;
    if (opp && opp.customerId !== customer.id) throw invalid('opp_id', `opportunity ${opp.id} belongs to another company`);
    const product = input.product_id != null ? await this.refs.product(auth, input.product_id, 'product_id') : null;
    const owner = await this.refs.owner(auth, input.owner_id, auth.user.id);
    const currency = input.currency ?? firstOf(app.currencies, opp?.currency, customer.currency) ?? app.currency_base;
    const unit = input.unit ?? firstOf(app.units, product?.unit, opp?.unit, customer.unit) ?? app.unit_default;
    const fields: Partial<Order> = {
      ...storedAsIs(Order, input, HANDLED, OrderFields),
      customerId: customer.id,
      oppId: opp?.id ?? null,
      productId: product?.id ?? null,
      customerPo: '',
      date,
      dueDate: input.due_date ?? null,
      kg: input.kg,
      price: input.price,
      amount,
      currency,
      unit,
      kind,
      status: ws.constants.order_new_status,
      paymentDays: input.payment_days ?? opp?.paymentDays ?? 0,
      note: input.note ?? '',
      ownerId: owner.id,
      erpState: null,
      erpExtNo: '',
      erpError: '',
    };
    return { fields, view: { productName: product?.name ?? '', customerName: customer.name, oppName: opp?.name ?? null } };
  }

  /**
   * Spec 4.5: sets the customer PO (whitespace collapsed, '' clears, at most 60 characters). 409 once the
   * order was sent to the ERP (the number must then be changed in the ERP). `changed` is false when the
   * collapsed value equals the stored one (nothing is written).
   */
  async setPo(auth: UserContext, id: number, raw: string): Promise<PoChange> {
    const po = collapsePo(raw);
    if (po.length > MAX_PO_LENGTH) throw invalid('customer_po', `at most ${MAX_PO_LENGTH} characters after whitespace is collapsed (got ${po.length})`);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const order = await this.loadForChange(auth, id);
      const changed = po !== order.customerPo;
      if (changed) {
        await db.update(Order, { id }, { customerPo: po });
        order.customerPo = po;
      }
      return { changed, view: await this.get(auth, id) };
    });
  }

  /**
   * Puts the order in the ERP queue (one open entry per order) with the ERP order of spec 2.9 as it is
   * now, and sets the status to `order_sent_status`. 409 when the order was already sent.
   */
  async queueForErp(auth: UserContext, id: number): Promise<OrderView> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const order = await this.loadForChange(auth, id);
      const [customer, product, owner] = await this.uow.all(
        () => db.byId(Company, order.customerId),
        () => (order.productId ? db.byId(Product, order.productId) : null),
        () => db.byId(User, order.ownerId),
      );
      if (!customer) throw invalid('customer_id', `the order's company ${order.customerId} no longer exists`);
      const status = ws.constants.order_sent_status;
      await db.update(Order, { id }, { status, erpState: 'queued', erpError: '', erpExtNo: '' });
      Object.assign(order, { status, erpState: 'queued', erpError: '', erpExtNo: '' });
      await db.save(
        ErpQueueEntry,
        db.create(ErpQueueEntry, { orderId: id, state: ERP_QUEUE_WAITING, attempts: 0, payload: { ...erpOrder(order, customer, product, owner) }, queuedBy: auth.user.id }),
      );
      return this.get(auth, id);
    });
  }

  /** A visible order the caller may edit, locked, that was not sent yet (404 / 403 / 409). */
  private async loadForChange(auth: UserContext, id: number): Promise<Order> {
    const order = await this.access.findVisible(Order, auth, id, 'order', true);
    this.access.assertCanEdit(auth, order.ownerId);
    if (isErpSent(auth.workspace.constants, order.status)) {
      throw new DomainError('conflict', `order ${id} was already sent to the ERP (status ${order.status}); change it in the ERP`, { status: order.status });
    }
    return order;
  }
}

function joinProduct<Q extends ReturnType<TenantDb['qb']>>(qb: Q): Q {
  // one key probe per row (a plain join left the planner free to scan the workspace's products)
  leftJoinLateralAndMapOne(qb, 'o.joinedProduct', Product, 'p', 'SELECT p1.* FROM products p1 WHERE p1.workspace_id = o.workspace_id AND p1.id = o.product_id LIMIT 1');
  return qb;
}

/** The first candidate that is one of `allowed` (workspace currencies or units). */
function firstOf(allowed: string[], ...candidates: (string | null | undefined)[]): string | undefined {
  return candidates.find((c): c is string => !!c && allowed.includes(c));
}

import { Injectable } from '@nestjs/common';
import * as z from 'zod/v4';
import { forbidden, invalid, notFound } from '../../../platform/common/errors';
import { storedAsIs } from '../../../platform/common/record-input';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { linkNames, type LinkNames } from '../shared/lateral';
import { Page, paginate, PageQuery } from '../shared/paging';
import { RefsService } from '../shared/refs.service';
import { ticketCreated } from './ticket.view';
import { Ticket } from './ticket.entity';
import { TicketChangeFields, TicketFields, TicketFilters } from './ticket.view';
import { canEditTicket, canSeeTicket, closedAtAfter, isTicketOverdue, ticketDueAt, ticketPriorities } from './tickets.rules';

/** A new ticket: its declared fields (`TicketFields`, in the read model). */
export type TicketInput = z.output<typeof TicketFields>;

/** The declared fields `create` treats itself; any other is stored as it came (`storedAsIs`). */
const HANDLED = ['subject', 'body', 'priority', 'status', 'who', 'customer_id', 'person_id', 'assignee_id'] as const;

/** A PATCH: only the fields present change; `assignee_id: null` removes the assignee. */
export type TicketChanges = z.output<typeof TicketChangeFields>;

export type TicketListQuery = PageQuery & z.output<typeof TicketFilters>;

export interface TicketCreateOptions {
  /** Sample data (demo seed): raises no events. */
  isSample?: boolean;
}

export interface TicketView {
  ticket: Ticket;
  overdue: boolean;
  canEdit: boolean;
  /** Batch-loaded owner and assignee summaries. */
  users: Map<number, User>;
  /** Batch-loaded names of the page's linked companies and people. */
  names: LinkNames;
}

/**
 * Support tickets (module Support). Visible to admins and to the team of the owner (creator) or the
 * assignee; the owner, the assignee and admins change them. `due_at` follows the priority's SLA hours
 * from the creation time. A new ticket raises `ticket_created`.
 */
@Injectable()
export class TicketsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
  ) {}

  async list(auth: UserContext, q: TicketListQuery): Promise<Page<TicketView>> {
    const qb = this.uow.tenant(auth.workspace.id).qb(Ticket, 't');
    const visible = await this.access.visibleOwnerIds(auth);
    if (visible) qb.andWhere('(t.owner_id IN (:...visible) OR t.assignee_id IN (:...visible))', { visible });
    if (q.status !== undefined) qb.andWhere('t.status = :status', { status: this.refs.oneOf(auth, 'ticket_statuses', q.status, 'status') });
    if (q.priority !== undefined) qb.andWhere('t.priority = :priority', { priority: this.priority(auth, q.priority) });
    if (q.customer_id !== undefined) qb.andWhere('t.customer_id = :customerId', { customerId: q.customer_id });
    if (q.assignee_id !== undefined) qb.andWhere('t.assignee_id = :assigneeId', { assigneeId: q.assignee_id });
    // the unfiltered list walks the key's index (applyPageWalked): O(page) without statistics too
    const unfiltered = !visible && [q.status, q.priority, q.customer_id, q.assignee_id].every((x) => x === undefined);
    const page = await paginate(qb, 't', q, auth.workspace.timezone, unfiltered ? { table: 'tickets', workspaceId: auth.workspace.id } : null);
    return { items: await this.hydrate(auth, page.items), nextCursor: page.nextCursor };
  }

  async get(auth: UserContext, id: number): Promise<TicketView> {
    return (await this.hydrate(auth, [await this.load(auth, id, false)]))[0]!;
  }

  async create(auth: UserContext, input: TicketInput, opts: TicketCreateOptions = {}): Promise<TicketView> {
    const ws = auth.workspace;
    const subject = input.subject.trim();
    if (!subject) throw invalid('subject', 'must not be empty');
    const priority = this.priority(auth, input.priority);
    const status = input.status !== undefined ? this.refs.oneOf(auth, 'ticket_statuses', input.status, 'status') : ws.constants.ticket_new_status;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const customer = input.customer_id != null ? await this.refs.company(auth, input.customer_id, 'customer_id') : null;
      const person: Person | null = input.person_id != null ? await this.refs.person(auth, input.person_id, 'person_id') : null;
      if (person && customer && person.customerId !== null && person.customerId !== customer.id) {
        throw invalid('person_id', `person ${person.id} does not belong to company ${customer.id}`);
      }
      const assigneeId = input.assignee_id != null ? (await this.refs.user(auth, input.assignee_id, 'assignee_id')).id : null;
      const now = new Date();
      const ticket = await db.save(
        Ticket,
        db.create(Ticket, {
          ...storedAsIs(Ticket, input, HANDLED, TicketFields),
          subject,
          body: input.body ?? '',
          priority,
          status,
          who: input.who?.trim() || person?.name || auth.user.fullName,
          customerId: customer?.id ?? person?.customerId ?? null,
          personId: person?.id ?? null,
          assigneeId,
          ownerId: auth.user.id,
          createdAt: now,
          dueAt: ticketDueAt(now, priority, ws.app.ticket_sla_hours),
          closedAt: closedAtAfter(ws.constants, null, status, now),
          isSample: opts.isSample ?? false,
        }),
      );
      this.uow.recordEvent(ticketCreated(ticket));
      return (await this.hydrate(auth, [ticket]))[0]!;
    });
  }

  async update(auth: UserContext, id: number, ch: TicketChanges): Promise<TicketView> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const t = await this.load(auth, id, true);
      if (!canEditTicket({ id: auth.user.id, admin: isAdmin(auth) }, t)) throw forbidden();
      const patch: Partial<Ticket> = {};
      if (ch.status !== undefined && ch.status !== t.status) {
        patch.status = this.refs.oneOf(auth, 'ticket_statuses', ch.status, 'status');
        patch.closedAt = closedAtAfter(ws.constants, t, patch.status, new Date());
      }
      if (ch.priority !== undefined && ch.priority !== t.priority) {
        patch.priority = this.priority(auth, ch.priority);
        patch.dueAt = ticketDueAt(t.createdAt, patch.priority, ws.app.ticket_sla_hours);
      }
      if (ch.assignee_id !== undefined && ch.assignee_id !== t.assigneeId) {
        patch.assigneeId = ch.assignee_id === null ? null : (await this.refs.user(auth, ch.assignee_id, 'assignee_id')).id;
      }
      if (Object.keys(patch).length) await db.update(Ticket, { id }, patch);
      return (await this.hydrate(auth, [(await db.byId(Ticket, id))!]))[0]!;
    });
  }

  private priority(auth: UserContext, value: string): string {
    const allowed = ticketPriorities(auth.workspace.app.ticket_sla_hours ?? {});
    if (!allowed.includes(value)) throw invalid('priority', `must be one of ${allowed.join(', ') || '(none)'}`);
    return value;
  }

  private async load(auth: UserContext, id: number, lock: boolean): Promise<Ticket> {
    const t = await this.uow.tenant(auth.workspace.id).byId(Ticket, id, lock);
    if (!t || !canSeeTicket(await this.access.visibleOwnerIds(auth), t)) throw notFound('ticket');
    return t;
  }

  private async hydrate(auth: UserContext, rows: Ticket[]): Promise<TicketView[]> {
    if (!rows.length) return [];
    const ws = auth.workspace;
    const now = new Date();
    const users = await this.users.byIds(ws.id, rows.flatMap((t) => [t.ownerId, t.assigneeId]));
    const names = await linkNames(this.uow.tenant(ws.id), { companies: rows.map((t) => t.customerId), people: rows.map((t) => t.personId)  }, await this.access.visibleOwnerIds(auth));
    const caller = { id: auth.user.id, admin: isAdmin(auth) };
    return rows.map((ticket) => ({ ticket, users, names, overdue: isTicketOverdue(ws.constants, ticket, now), canEdit: canEditTicket(caller, ticket) }));
  }
}

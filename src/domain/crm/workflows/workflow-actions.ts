import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { addDays, todayIn } from '../../../platform/common/time';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { valueAt } from '../../integrations/event-filter';
import { CalendarService } from '../calendar';
import { fileSent } from '../email';
import { ObjectRecordsService } from '../objects';
import { OpportunitiesService } from '../opportunities';
import { OrderInput, OrdersService } from '../orders';
import { TasksService } from '../tasks';
import type { Workflow } from './workflow.entity';
import { WorkflowRemote } from './workflow-remote';
import { render } from './workflow-render';
import { Action, Assignee, nextInTurn, RecordKind } from './workflows.rules';

/** The table of each record kind (the record's row is the conditions' `record.*`). */
const TABLE: Record<RecordKind, string> = { opportunity: 'opportunities', company: 'companies', person: 'people', lead: 'leads', activity: 'activities', ticket: 'tickets', task: 'tasks' };

/** What an action did (or, simulated, would do). */
export interface ActionResult {
  detail: string;
  recordKind?: string;
  recordId?: number;
  /** The user it gave something to (the run's answer names them). */
  userId?: number;
  /** `send_email`: the message sent, to file on the record in the step's transaction (`fileMail`). */
  mail?: SentMail;
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  fromEmail: string;
  fromName: string;
  /** The mailbox's user (the owner), or the acting admin when the service's SMTP sent it. */
  userId: number;
}

/** A run's subject and surroundings while its actions run. */
export interface RunScope {
  auth: UserContext;
  rule: Workflow;
  kind: RecordKind;
  id: number;
  /** The event's data and `record` (the row, snake_case); refreshed after each change. */
  context: JsonMap;
  /** Simulation: describe, write nothing. */
  dry: boolean;
}

export { render };

const dateOf = (v: unknown): string | null => {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
};

/**
 * The actions of a rule, each through the domain service REST calls (same checks, same gates, same
 * events), as the rule's acting admin. A refusal is a DomainError the run records as the step's failure.
 */
@Injectable()
export class WorkflowActions {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TasksService,
    private readonly opps: OpportunitiesService,
    private readonly calendar: CalendarService,
    private readonly objects: ObjectRecordsService,
    private readonly orders: OrdersService,
    private readonly remote: WorkflowRemote,
  ) {}

  /** The record's row (snake_case keys, JSON values), or null when it is gone. */
  async snapshot(workspaceId: number, kind: RecordKind, id: number): Promise<JsonMap | null> {
    const rows = await this.uow.tenant(workspaceId).sql<{ r: JsonMap }>(`SELECT to_jsonb(t) - 'workspace_id' AS r FROM ${TABLE[kind]} t WHERE t.workspace_id = $1 AND t.id = $2`, [id]);
    return rows[0]?.r ?? null;
  }

  /** `key` names the run's step (`<run>:<path>`): a webhook's id, the same on each retry. */
  async perform(s: RunScope, a: Exclude<Action, { type: 'branch' } | { type: 'wait' }>, key = ''): Promise<ActionResult> {
    const rec = (s.context.record ?? {}) as JsonMap;
    switch (a.type) {
      case 'create_task': {
        const assignee = await this.assignee(s, a.assignee, rec);
        const title = render(a.title, s.context).slice(0, 200) || a.title.slice(0, 200);
        const due = (a.due_field ? dateOf(valueAt(s.context, a.due_field)) : null) ?? (a.due_in_days !== undefined ? addDays(todayIn(s.auth.workspace.timezone), a.due_in_days) : null);
        if (s.dry) return { detail: `would create the task "${title}" for user ${assignee}${due ? ` due ${due}` : ''}`, userId: assignee };
        const t = await this.tasks.create(s.auth, {
          title,
          description: a.description !== undefined ? render(a.description, s.context) : null,
          due_date: due,
          ...(a.priority !== undefined ? { priority: a.priority } : {}),
          assignee_id: assignee,
          ...this.links(s.kind, s.id, rec),
        });
        return { detail: `task ${t.task.id}`, recordKind: 'task', recordId: t.task.id, userId: assignee };
      }
      case 'update_fields': {
        const { stage, ...rest } = a.fields;
        const names = Object.keys(a.fields).join(', ');
        if (s.dry) return { detail: `would set ${names} (a stage move is checked against the gates when it runs)` };
        if (s.kind === 'opportunity') {
          if (Object.keys(rest).length) await this.opps.update(s.auth, s.id, rest as never);
          if (typeof stage === 'string' && stage !== rec.stage) await this.opps.moveStage(s.auth, s.id, { stage });
        } else if (s.kind === 'task') await this.tasks.update(s.auth, s.id, a.fields as never);
        else throw new DomainError('invalid', `update_fields cannot change a ${s.kind}`);
        return { detail: `set ${names}`, recordKind: s.kind, recordId: s.id };
      }
      case 'add_note': {
        if (s.kind !== 'opportunity') throw new DomainError('invalid', `add_note works on an opportunity, not on a ${s.kind}`);
        const text = render(a.text, s.context);
        if (s.dry) return { detail: `would add the note "${text.slice(0, 80)}"` };
        await this.opps.addNote(s.auth, s.id, text);
        return { detail: 'note added', recordKind: s.kind, recordId: s.id };
      }
      case 'assign_owner': {
        const user = await this.assignee(s, a.assignee, rec);
        if (s.dry) return { detail: `would give it to user ${user}`, userId: user };
        if (s.kind === 'opportunity') await this.opps.update(s.auth, s.id, { owner_id: user });
        else if (s.kind === 'task') await this.tasks.update(s.auth, s.id, { assignee_id: user });
        else throw new DomainError('invalid', `assign_owner cannot change a ${s.kind}`);
        return { detail: `owner user ${user}`, recordKind: s.kind, recordId: s.id, userId: user };
      }
      case 'add_calendar_entry': {
        const date = addDays(todayIn(s.auth.workspace.timezone), a.in_days);
        const start = `${date}T${a.at}:00`;
        const end = new Date(Date.parse(`${start}Z`) + a.duration_min * 60_000).toISOString().slice(0, 19);
        const title = render(a.title, s.context).slice(0, 200) || a.title.slice(0, 200);
        const owner = this.ownerOf(rec) ?? s.auth.user.id;
        if (s.dry) return { detail: `would add "${title}" on ${start} for user ${owner}`, userId: owner };
        const { customer_id, opp_id } = this.links(s.kind, s.id, rec);
        const e = await this.calendar.create(s.auth, { title, start, end, attendee_ids: [owner], customer_id: customer_id ?? null, opp_id: opp_id ?? null });
        return { detail: `calendar entry ${e.entry.id}`, recordKind: 'calendar', recordId: e.entry.id, userId: owner };
      }
      case 'send_email':
        return this.remote.sendEmail(s, a);
      case 'post_chat':
        return this.remote.postChat(s, a, key);
      case 'call_webhook':
        return this.remote.callWebhook(s, a, key);
      case 'create_record': {
        const name = render(a.name, s.context).trim().slice(0, 200) || a.name.slice(0, 200);
        // values keep their type (a number stays a number); an empty one is left out (the field stays empty)
        const fields: Record<string, unknown> = {};
        for (const [k, path] of Object.entries(a.fields)) {
          const v = valueAt(s.context, path);
          if (v !== undefined && v !== null && v !== '') fields[k] = v;
        }
        if (s.dry) return { detail: `would create the ${a.object} record "${name}" (${Object.keys(fields).join(', ') || 'no fields'})` };
        const r = await this.objects.create(s.auth, a.object, { name, owner_id: this.ownerOf(rec) ?? s.auth.user.id, fields });
        return { detail: `${a.object} record ${r.record.id}`, recordKind: a.object, recordId: r.record.id };
      }
      case 'create_order':
        return this.createOrder(s, a, rec);
    }
  }

  /** An order draft from the opportunity (orderOf); simulated, the REST create's checks run and nothing is saved. */
  private async createOrder(s: RunScope, a: Extract<Action, { type: 'create_order' }>, rec: JsonMap): Promise<ActionResult> {
    if (s.kind !== 'opportunity') throw new DomainError('invalid', `create_order works on an opportunity, not on a ${s.kind}`);
    const input = orderOf(s.id, rec, a.text === undefined ? undefined : render(a.text, s.context), a.due_in_days === undefined ? undefined : addDays(todayIn(s.auth.workspace.timezone), a.due_in_days));
    // the simulation runs every check of the REST create (OrdersService.checkCreate), so it fails where a run would
    const v = s.dry ? await this.orders.checkCreate(s.auth, input) : await this.orders.create(s.auth, input);
    const line = `${v.productName || 'no product'}, ${v.order.kg} ${v.order.unit} at ${v.order.price} ${v.order.currency} (${v.order.amount} ${v.order.currency}) for ${v.customerName}`;
    if (s.dry) return { detail: `would create an order draft: ${line}`, userId: v.order.ownerId };
    return { detail: `order ${v.order.id}: ${line}`, recordKind: 'order', recordId: v.order.id, userId: v.order.ownerId };
  }

  /**
   * Files a sent `send_email` on the record as the e-mail module files a person's sent mail (a thread on the
   * company and its opportunity, the message `sent`): in the step's transaction, with the run's progress. A record
   * without a company (a lead) has no thread to file it in. Answers what the step's detail adds.
   */
  async fileMail(s: RunScope, mail: SentMail): Promise<string> {
    const rec = (s.context.record ?? {}) as JsonMap;
    const num = (v: unknown) => (typeof v === 'number' ? v : null);
    const customerId = s.kind === 'company' ? s.id : num(rec.customer_id);
    if (customerId === null) return '; not filed (the record has no company)';
    const oppId = s.kind === 'opportunity' ? s.id : num(rec.opp_id);
    const m = await fileSent(this.uow.tenant(s.auth.workspace.id), { customerId, oppId, ...mail });
    return `; filed as e-mail ${m.id} in thread ${m.threadId}`;
  }

  private ownerOf(rec: JsonMap): number | null {
    const v = rec.owner_id ?? rec.assignee_id;
    return typeof v === 'number' ? v : null;
  }

  /** The user a task or the record goes to; a round robin takes the next turn (stored on the rule unless simulated). */
  private async assignee(s: RunScope, a: Assignee, rec: JsonMap): Promise<number> {
    if (a.kind === 'owner') return this.ownerOf(rec) ?? s.auth.user.id;
    if (a.kind === 'user') return a.user_id;
    const next = nextInTurn(a.user_ids, s.rule.lastAssigneeId);
    s.rule.lastAssigneeId = next;
    if (!s.dry) await this.uow.tenant(s.auth.workspace.id).sql(`UPDATE workflows SET last_assignee_id = $2 WHERE workspace_id = $1 AND id = $3`, [next, s.rule.id]);
    return next;
  }

  /** The links a task or an entry made for the record carries (its company, person, opportunity). */
  private links(kind: RecordKind, id: number, rec: JsonMap): { customer_id?: number; person_id?: number; opp_id?: number } {
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    switch (kind) {
      case 'opportunity':
        return { opp_id: id, customer_id: num(rec.customer_id) };
      case 'company':
        return { customer_id: id };
      case 'person':
        return { person_id: id, customer_id: num(rec.customer_id) };
      case 'activity':
      case 'task':
        return { customer_id: num(rec.customer_id), opp_id: num(rec.opp_id) };
      case 'ticket':
        return { customer_id: num(rec.customer_id) };
      case 'lead':
        return {};
    }
  }
}

/**
 * The order a won opportunity makes (`create_order`): its company, its product and quantity as the one order line
 * (an opportunity holds one product), at its offer price, else its value over its quantity; its owner. An
 * opportunity without a quantity has no line to order: the service's own 400 (`kg`) names it.
 */
export function orderOf(oppId: number, rec: JsonMap, note: string | undefined, due: string | undefined): OrderInput {
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
  const kg = num(rec.potential_kg) ?? 0;
  const offer = num(rec.offer_price);
  const value = num(rec.value) ?? 0;
  const price = offer ?? (kg > 0 ? Math.round((value / kg) * 10_000) / 10_000 : 0);
  return {
    customer_id: num(rec.customer_id) ?? 0,
    opp_id: oppId,
    product_id: num(rec.product_id),
    kg,
    price,
    ...(typeof rec.owner_id === 'number' ? { owner_id: rec.owner_id } : {}),
    ...(note !== undefined ? { note: note.slice(0, 2000) } : {}),
    ...(due !== undefined ? { due_date: due } : {}),
  };
}

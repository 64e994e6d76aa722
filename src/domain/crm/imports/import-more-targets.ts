import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { LeadsService } from '../leads';
import { Fair } from '../leads/fair.entity';
import { Lead } from '../leads/lead.entity';
import { ObjectRecordsService } from '../objects';
import { ObjectRecord } from '../objects/object-record.entity';
import { TasksService } from '../tasks';
import { Task } from '../tasks/task.entity';
import { fold } from './import-values';
import { CellValues, objectKeyOf, Target } from './import-targets';

export type MoreRecord = Lead | Task | ObjectRecord;
/** What the writer's create or update of one row answers: the record, its `updated_at`, and for an update the previous values. */
export interface Written {
  id: number;
  updatedAt: Date;
  before?: Record<string, unknown>;
}
/** The company of a row (found by name or made once for the file): the import writer's, shared with people rows. */
export type CompanyFor = (name: string) => Promise<number>;

const LEAD_PROP: Record<string, string> = { contact_name: 'contactName', next_action: 'nextAction', next_date: 'nextDate', potential_kg: 'potentialKg', external_id: 'externalId', fair_id: 'fairId' };
const TASK_PROP: Record<string, string> = { due_date: 'dueDate', assignee_id: 'assigneeId', customer_id: 'customerId' };

/**
 * Rows of fair leads, tasks and custom-object records, written through LeadsService, TasksService and
 * ObjectRecordsService as the importing user (the REST writes' validation, visibility and events). Text
 * cells naming a user (an e-mail or full name), a fair (its name) or a company are resolved to ids first.
 */
@Injectable()
export class ImportMoreTargets {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly leads: LeadsService,
    private readonly tasks: TasksService,
    private readonly records: ObjectRecordsService,
  ) {}

  /** The REST body of a row: names resolved to ids (`fair` → fair_id, `assignee` → assignee_id, `company` → customer_id of a task). */
  private async resolve(auth: UserContext, target: Target, values: CellValues, companyFor: CompanyFor, userFields: string[]): Promise<Record<string, unknown>> {
    const { id: _id, ...body } = values as Record<string, unknown>;
    // `user` cells (an assignee, a custom person field) name a user by e-mail or full name
    const db = this.uow.tenant(auth.workspace.id);
    if (target === 'leads' && body.fair !== undefined) {
      const name = fold(String(body.fair));
      const fairs = await db.find(Fair, { select: { id: true, name: true }, order: { id: 'DESC' } });
      const fair = fairs.find((f) => fold(f.name) === name);
      if (!fair) throw new DomainError('invalid', `fair: no fair named ${String(body.fair)}`, { field: 'fair' });
      delete body.fair;
      body.fair_id = fair.id;
    }
    for (const field of userFields) {
      if (typeof body[field] !== 'string') continue;
      const id = await this.userId(auth, body[field] as string, field);
      delete body[field];
      body[field === 'assignee' ? 'assignee_id' : field] = id;
    }
    if (target === 'tasks' && body.company !== undefined) {
      body.customer_id = await companyFor(String(body.company));
      delete body.company;
    }
    return body;
  }

  /** An active user of the workspace by e-mail or full name (letter case ignored). */
  private async userId(auth: UserContext, text: string, field: string): Promise<number> {
    const f = fold(text);
    const users = await this.uow.tenant(auth.workspace.id).find(User, { where: { active: true }, select: { id: true, email: true, fullName: true } });
    const u = users.find((x) => x.email.toLowerCase() === text.trim().toLowerCase()) ?? users.find((x) => fold(x.fullName) === f);
    if (!u) throw new DomainError('invalid', `${field}: no active user with the e-mail or name ${text}`, { field });
    return u.id;
  }

  async create(auth: UserContext, target: Target, values: CellValues, companyFor: CompanyFor, userFields: string[]): Promise<Written> {
    const body = await this.resolve(auth, target, values, companyFor, userFields);
    if (target === 'leads') {
      const r = await this.leads.create(auth, body as unknown as Parameters<LeadsService['create']>[1]);
      return { id: r.lead.id, updatedAt: r.lead.updatedAt };
    }
    if (target === 'tasks') {
      const r = await this.tasks.create(auth, body as unknown as Parameters<TasksService['create']>[1]);
      return { id: r.task.id, updatedAt: r.task.updatedAt };
    }
    const r = await this.records.create(auth, objectKeyOf(target)!, objectInput(body));
    return { id: r.record.id, updatedAt: r.record.updatedAt };
  }

  /** The changed fields only; null when nothing changes (the row counts as skipped). */
  async update(auth: UserContext, target: Target, values: CellValues, current: MoreRecord, matchField: string, companyFor: CompanyFor, userFields: string[]): Promise<Written | null> {
    const body = await this.resolve(auth, target, values, companyFor, userFields);
    // a lead's PATCH with `company` rewrites its whole form (spec 4.3): the company of a lead is not changed by an import
    if (target === 'leads') delete body.company;
    const patch: Record<string, unknown> = {};
    const before: Record<string, unknown> = {};
    for (const [f, v] of Object.entries(body)) {
      const old = currentValue(target, current, f);
      if (same(old, v) || (f === matchField && typeof old === 'string' && old.trim().toLowerCase() === String(v).trim().toLowerCase())) continue;
      patch[f] = v;
      before[f] = old ?? null;
    }
    if (!Object.keys(patch).length) return null;
    const at = await this.patch(auth, target, current.id, patch);
    return { id: current.id, updatedAt: at, before };
  }

  /** A PATCH through the target's service (also the revert's way back to the previous values). */
  async patch(auth: UserContext, target: Target, id: number, patch: Record<string, unknown>): Promise<Date> {
    if (target === 'leads') return (await this.leads.update(auth, id, patch)).lead.updatedAt;
    if (target === 'tasks') return (await this.tasks.update(auth, id, patch)).task.updatedAt;
    return (await this.records.update(auth, objectKeyOf(target)!, id, objectInput(patch))).record.updatedAt;
  }

  /** A created task goes with its tombstone (sync); leads and custom records are deleted as a revert deletes companies. */
  async remove(auth: UserContext, target: Target, id: number): Promise<void> {
    const db = this.uow.tenant(auth.workspace.id);
    if (target === 'tasks') return this.tasks.remove(auth, id);
    if (target === 'leads') return void (await db.delete(Lead, { id }));
    await db.sql('DELETE FROM object_links WHERE workspace_id = $1 AND source_id = $2', [id]);
    await db.delete(ObjectRecord, { id });
  }
}

/** `name` and `fields.<key>` cells as ObjectRecordsService's input. */
function objectInput(body: Record<string, unknown>): { name?: string; fields?: Record<string, unknown> } {
  const fields: Record<string, unknown> = {};
  const out: { name?: string; fields?: Record<string, unknown> } = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'name') out.name = v as string;
    else if (k.startsWith('fields.')) fields[k.slice(7)] = v;
  }
  if (Object.keys(fields).length) out.fields = fields;
  return out;
}

function currentValue(target: Target, r: MoreRecord, field: string): unknown {
  const rec = r as unknown as Record<string, unknown>;
  if (target === 'leads') return rec[LEAD_PROP[field] ?? field];
  if (target === 'tasks') return rec[TASK_PROP[field] ?? field];
  if (field.startsWith('fields.')) return (r as ObjectRecord).data?.[field.slice(7)];
  return rec[field];
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  if (a !== null && typeof a === 'object' && 'amount' in (a as object)) return (a as { amount: unknown }).amount === b;
  return a === b || (typeof a === 'number' && typeof b === 'string' && a === Number(b));
}

import { Injectable } from '@nestjs/common';
import { notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import type { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { AccessService } from '../shared/access.service';
import type { RunStep } from './workflow-run.entity';

/**
 * A record kind's name and who sees it: the visibility of its own GET (docs/crm-rules.md: owner and the owner's
 * team; a task and a ticket also their assignee's). A calendar entry is named to admins only (its visibility is
 * its attendees', which a run's reader is not asked about).
 */
const NAMED: Record<string, { table: string; name: string; seen: string }> = {
  opportunity: { table: 'opportunities', name: 'name', seen: 'owner_id = ANY($3::int[])' },
  company: { table: 'companies', name: 'name', seen: 'owner_id = ANY($3::int[])' },
  person: { table: 'people', name: 'name', seen: 'owner_id = ANY($3::int[])' },
  lead: { table: 'leads', name: 'company', seen: 'owner_id = ANY($3::int[])' },
  activity: { table: 'activities', name: 'topic', seen: 'owner_id = ANY($3::int[])' },
  ticket: { table: 'tickets', name: 'subject', seen: '(owner_id = ANY($3::int[]) OR assignee_id = ANY($3::int[]))' },
  task: { table: 'tasks', name: 'title', seen: '(owner_id = ANY($3::int[]) OR assignee_id = ANY($3::int[]))' },
  calendar: { table: 'calendar_entries', name: 'title', seen: 'false' },
};

/** What a run's answer names: its rule, the records it is about or made (by `kind:id`), and the users in it. */
export interface RunNames {
  rules: Map<number, string>;
  records: Map<string, string>;
  users: Map<number, User>;
}

/** The parts of a run (or a simulated run) that name something. */
export interface NamedRun {
  workflowId?: number;
  recordKind: string;
  recordId: number;
  triggerRef?: string;
  steps: RunStep[];
}

export const recordKey = (kind: string, id: number) => `${kind}:${id}`;

/** The user who started a manual run (`user:<id>`), else null. */
export const starterOf = (triggerRef: string | undefined): number | null => (triggerRef && /^user:\d+$/.test(triggerRef) ? Number(triggerRef.slice(5)) : null);

/**
 * Names for runs, so that their answers name users and records by name (docs/decisions/workflows.md, "Runs on the
 * record"): a record's name only when the reader sees the record; users by their summary.
 */
@Injectable()
export class WorkflowRunNames {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly users: UsersService,
  ) {}

  /** 404 `not_found` (naming the kind) unless the reader sees the record: a run's record page asks this first. */
  async assertVisible(auth: UserContext, kind: string, id: number): Promise<void> {
    if (!(await this.records(auth, [{ kind, id }])).has(recordKey(kind, id))) throw notFound(kind);
  }

  async of(auth: UserContext, runs: NamedRun[]): Promise<RunNames> {
    const refs: { kind: string; id: number }[] = [];
    const userIds: number[] = [];
    for (const r of runs) {
      refs.push({ kind: r.recordKind, id: r.recordId });
      const starter = starterOf(r.triggerRef);
      if (starter !== null) userIds.push(starter);
      for (const s of r.steps) {
        if (s.record_kind && s.record_id) refs.push({ kind: s.record_kind, id: s.record_id });
        if (s.user_id) userIds.push(s.user_id);
      }
    }
    const ruleIds = [...new Set(runs.map((r) => r.workflowId).filter((x): x is number => x !== undefined))];
    const rules = ruleIds.length
      ? await this.uow.tenant(auth.workspace.id).sql<{ id: number; name: string }>(`SELECT id, name FROM workflows WHERE workspace_id = $1 AND id = ANY($2::int[])`, [ruleIds])
      : [];
    return { rules: new Map(rules.map((r) => [r.id, r.name])), records: await this.records(auth, refs), users: await this.users.byIds(auth.workspace.id, userIds) };
  }

  /** The names of the records the reader sees, by `kind:id` (one statement per kind). */
  private async records(auth: UserContext, refs: { kind: string; id: number }[]): Promise<Map<string, string>> {
    const byKind = new Map<string, Set<number>>();
    for (const r of refs) if (NAMED[r.kind]) byKind.set(r.kind, (byKind.get(r.kind) ?? new Set()).add(r.id));
    const out = new Map<string, string>();
    if (!byKind.size) return out;
    const visible = await this.access.visibleOwnerIds(auth);
    const db = this.uow.tenant(auth.workspace.id);
    for (const [kind, ids] of byKind) {
      const n = NAMED[kind]!;
      const rows = await db.sql<{ id: number; name: string }>(
        `SELECT id, ${n.name} AS name FROM ${n.table} WHERE workspace_id = $1 AND id = ANY($2::int[]) AND ($3::int[] IS NULL OR ${n.seen})`,
        [[...ids], visible],
      );
      for (const r of rows) out.set(recordKey(kind, r.id), r.name);
    }
    return out;
  }
}

import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';
import type { JsonMap } from '../../../platform/database/tenant-entity';

export const RUN_STATUSES = ['pending', 'running', 'waiting', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const STEP_OUTCOMES = ['done', 'skipped', 'failed', 'waiting', 'retrying'] as const;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];

/** One action's outcome in a run: its path in the definition (`actions[2]`, `actions[1].then[0]`). */
export interface RunStep {
  path: string;
  type: string;
  outcome: StepOutcome;
  /** What it did (`task 812`), why it was skipped (`condition`), or the error. */
  detail: string;
  record_kind?: string;
  record_id?: number;
  /** The user it gave the task, the record or the entry to (named in the run's answer). */
  user_id?: number;
  at: string;
}

/**
 * One run of a rule: what started it (the event, a user, a hook, the clock), the version it ran, the record,
 * and each action's outcome. A pending or waiting run is claimed by the engine (`claimed_at` is the lease);
 * `next_step` and `due_at` say where a wait or a retry resumes.
 */
@Entity('workflow_runs')
@Index('IDX_workflow_runs_rule', ['workspaceId', 'workflowId', 'id'])
@Index('IDX_workflow_runs_record', ['workspaceId', 'recordKind', 'recordId', 'id'])
@Index('IDX_workflow_runs_due', ['status', 'dueAt'], { where: `status IN ('pending', 'waiting', 'running')` })
export class WorkflowRun extends TenantEntity {
  @Column({ type: 'int' })
  workflowId: number;

  @Column({ type: 'int' })
  version: number;

  /** event, manual, hook, time. */
  @Column({ type: 'varchar', length: 10 })
  triggerKind: string;

  /** The event kind, the user id (`user:3`), the hook id (`hook:4`) or the watch (`task_overdue`). */
  @Column({ type: 'varchar', length: 60, default: '' })
  triggerRef: string;

  /** The outbox event that started it; null otherwise. */
  @Column({ type: 'int', nullable: true })
  eventId: number | null;

  /** The event's data (the conditions' context besides `record.*`). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  eventData: JsonMap;

  @Column({ type: 'varchar', length: 20 })
  recordKind: string;

  @Column({ type: 'int' })
  recordId: number;

  /** 1 for a run started by a person or the clock; one more than the run whose change started it. */
  @Column({ type: 'int', default: 1 })
  depth: number;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: RunStatus;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  steps: RunStep[];

  /** The index of the top-level action to run next. */
  @Column({ type: 'int', default: 0 })
  nextStep: number;

  /** Failed attempts of the step at `next_step` (retries with backoff). */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When a waiting run resumes. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  dueAt: Date | null;

  /** The engine's lease on the run. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  claimedAt: Date | null;

  @Column({ type: 'varchar', length: 300, default: '' })
  error: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  finishedAt: Date | null;
}

/** Where the engine has read a workspace's outbox to (the journal's (txid, id) order). */
@Entity('workflow_cursors')
export class WorkflowCursor {
  @PrimaryColumn({ type: 'int' })
  workspaceId: number;

  @Column({ type: 'bigint' })
  txid: string;

  @Column({ type: 'int' })
  eventId: number;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  claimedAt: Date | null;
}

/** A time trigger fired for a record once per rule version. */
@Entity('workflow_fired')
@Index('UQ_workflow_fired', ['workspaceId', 'workflowId', 'version', 'recordId'], { unique: true })
export class WorkflowFired extends TenantEntity {
  @Column({ type: 'int' })
  workflowId: number;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'int' })
  recordId: number;
}

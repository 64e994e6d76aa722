import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';
import type { EventFilter } from '../../integrations/event-filter';
import type { Action, Trigger } from './workflows.rules';

/**
 * A workflow rule of the workspace (spec 6.1 names workflows as an origin of changes): a trigger,
 * conditions and ordered actions. Editing the definition makes a new `version` (kept in
 * `workflow_versions`); a run names the version it ran.
 */
@Entity('workflows')
@Index('IDX_workflows_enabled', ['workspaceId', 'enabled'])
export class Workflow extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'int', default: 1 })
  version: number;

  @Column({ type: 'boolean', default: false })
  enabled: boolean;

  /** Why the engine disabled the rule (the storm guard); '' when an admin did or it is enabled. */
  @Column({ type: 'varchar', length: 300, default: '' })
  disabledReason: string;

  /** The trigger's kind, as a column for the engine's lookups (event, manual, hook, time). */
  @Column({ type: 'varchar', length: 10 })
  triggerKind: string;

  /** The event kind an event trigger listens to; '' otherwise. */
  @Column({ type: 'varchar', length: 40, default: '' })
  triggerEvent: string;

  @Column({ type: 'jsonb' })
  trigger: Trigger;

  @Column({ type: 'jsonb', nullable: true })
  conditions: EventFilter | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  actions: Action[];

  /** The template it was installed from; '' when written by hand. */
  @Column({ type: 'varchar', length: 60, default: '' })
  template: string;

  /** The last user a round robin gave work to (the next turn starts after them). */
  @Column({ type: 'int', nullable: true })
  lastAssigneeId: number | null;

  @Column({ type: 'int' })
  createdById: number;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

/** A rule's definition as it was at one version (runs name the version; the rule keeps the latest). */
@Entity('workflow_versions')
@Index('UQ_workflow_versions', ['workspaceId', 'workflowId', 'version'], { unique: true })
export class WorkflowVersion extends TenantEntity {
  @Column({ type: 'int' })
  workflowId: number;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'jsonb' })
  definition: { name: string; trigger: Trigger; conditions: EventFilter | null; actions: Action[] };

  @Column({ type: 'int' })
  createdById: number;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

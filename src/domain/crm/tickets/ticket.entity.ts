import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** A support ticket: subject, priority (a key of app.ticket_sla_hours), who asked, status and SLA due time. */
@Entity('tickets')
@Index(['workspaceId', 'ownerId', 'id'])
@Index(['workspaceId', 'assigneeId', 'id'])
@Index(['workspaceId', 'status', 'id'])
@Index(['workspaceId', 'customerId', 'id'])
@Index(['workspaceId', 'updatedAt', 'id'])
export class Ticket extends TenantEntity {
  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'text', default: '' })
  body: string;

  /** A key of app.ticket_sla_hours. */
  @Column({ type: 'varchar', length: 40 })
  priority: string;

  /** One of constants.ticket_statuses. */
  @Column({ type: 'varchar', length: 40 })
  status: string;

  /** Who raised it: a contact's or user's name, as text. */
  @Column({ type: 'varchar', length: 200 })
  who: string;

  @Column({ type: 'int', nullable: true })
  customerId: number | null;

  @Column({ type: 'int', nullable: true })
  personId: number | null;

  @Column({ type: 'int', nullable: true })
  assigneeId: number | null;

  /** Who created it. */
  @Column({ type: 'int' })
  ownerId: number;

  /** created_at + ticket_sla_hours[priority] hours. */
  @Column({ type: 'timestamptz', precision: 3 })
  dueAt: Date;

  /** Set when the status becomes one of ticket_closed_statuses, cleared when reopened. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  closedAt: Date | null;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

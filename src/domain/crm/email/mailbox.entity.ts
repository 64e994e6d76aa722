import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** Where a user's mailbox connection stands (spec 2.4 `mailbox`). */
export type MailboxStatus = 'not_connected' | 'connected' | 'error';
export const MAILBOX_STATUSES: readonly MailboxStatus[] = ['not_connected', 'connected', 'error'];

/** A user's mailbox connection state and signature; one row per user, none = not connected. */
@Entity('mailboxes')
@Index(['workspaceId', 'userId'], { unique: true })
export class Mailbox extends TenantEntity {
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'boolean', default: false })
  connected: boolean;

  @Column({ type: 'varchar', length: 254, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 20, default: 'not_connected' })
  status: MailboxStatus;

  /** The last connection error ('' when none). */
  @Column({ type: 'varchar', length: 500, default: '' })
  error: string;

  @Column({ type: 'text', default: '' })
  signature: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

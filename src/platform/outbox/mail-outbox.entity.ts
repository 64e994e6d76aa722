import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../database/tenant-entity';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * An e-mail the service sends (invitations): written in the unit of work of the change that causes it,
 * delivered in the background by MailSender (src/platform/outbox/mail.ts), so a rolled-back change sends nothing.
 */
@Entity('mail_outbox')
@Index(['status', 'id'])
export class MailMessage extends TenantEntity {
  /** What the mail is about, e.g. `invitation`. */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ type: 'varchar', length: 254 })
  toAddress: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: MailStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'text', default: '' })
  lastError: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When a sender took it (a `sending` row older than the claim timeout is taken again). */
  @Column({ type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}

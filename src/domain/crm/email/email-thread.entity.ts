import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** An e-mail conversation filed on a company and, when known, one of its opportunities (spec 2.6 `threads`). */
@Entity('email_threads')
@Index('IDX_email_threads_customer', ['workspaceId', 'customerId', 'lastMessageAt'])
@Index('IDX_email_threads_opp', ['workspaceId', 'oppId', 'lastMessageAt'])
export class EmailThread extends TenantEntity {
  @Column({ type: 'varchar', length: 500, default: '' })
  subject: string;

  @Column({ type: 'int' })
  customerId: number;

  @Column({ type: 'int', nullable: true })
  oppId: number | null;

  /** The user whose mailbox started it. */
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'int', default: 0 })
  messagesN: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastMessageAt: Date;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

export type MessageDirection = 'out' | 'in';
/** out: queued → sending → sent | failed; in: received. */
export type MessageState = 'queued' | 'sending' | 'sent' | 'failed' | 'received';

/** One message of a thread: sent through the user's SMTP or read from the user's IMAP INBOX. */
@Entity('email_messages')
@Index('UQ_email_messages_message_id', ['workspaceId', 'messageId'], { unique: true })
@Index('IDX_email_messages_thread', ['workspaceId', 'threadId', 'at'])
@Index('IDX_email_messages_queued', ['workspaceId', 'state', 'id'])
export class EmailMessage extends TenantEntity {
  @Column({ type: 'int' })
  threadId: number;

  /** The user whose mailbox sent or received it. */
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 3 })
  direction: MessageDirection;

  @Column({ type: 'varchar', length: 10 })
  state: MessageState;

  @Column({ type: 'varchar', length: 500, default: '' })
  error: string;

  /** RFC 5322 Message-ID without angle brackets. */
  @Column({ type: 'varchar', length: 500 })
  messageId: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  inReplyTo: string;

  /** Message-IDs of the References header, space-separated. */
  @Column({ type: 'text', default: '' })
  references: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  fromEmail: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  fromName: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  to: string[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  cc: string[];

  @Column({ type: 'varchar', length: 500, default: '' })
  subject: string;

  @Column({ type: 'text', default: '' })
  text: string;

  @Column({ type: 'text', default: '' })
  html: string;

  /** When it was queued or sent (out) or its date (in). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { TenantEntity } from '../../platform/database/tenant-entity';

/**
 * One attempt to deliver one event to one connection (the delivery log keeps the latest 200 per
 * connection). `body` is the exact JSON sent, serialized once; a resend sends it again with a new
 * signature. status: pending → sending (claimed by one worker) → done.
 */
@Entity('webhook_deliveries')
@Index('IDX_webhook_deliveries_status', ['status', 'id'])
@Index('IDX_webhook_deliveries_connection', ['workspaceId', 'connectionId', 'id'])
@Index('IDX_webhook_deliveries_outbox', ['workspaceId', 'connectionId', 'outboxId', 'id'])
export class WebhookDelivery extends TenantEntity {
  @Column({ type: 'int' })
  connectionId: number;

  @Column({ type: 'varchar', length: 40 })
  event: string;

  /** The outbox event it delivers (null for test deliveries). */
  @Column({ type: 'int', nullable: true })
  outboxId: number | null;

  /** Standard Webhooks `webhook-id`: the same for a resend of the same message. */
  @Column({ type: 'varchar', length: 64 })
  messageId: string;

  /** The delivery this one sends again. */
  @Column({ type: 'int', nullable: true })
  resendOf: number | null;

  /** Queued by a replay of the connection (`POST /webhooks/{id}/replay`), not by the event itself. */
  @Column({ type: 'boolean', default: false })
  replay: boolean;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  @Column({ type: 'boolean', nullable: true })
  ok: boolean | null;

  @Column({ type: 'int', nullable: true })
  httpStatus: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  error: string | null;

  @Column({ type: 'int', nullable: true })
  durationMs: number | null;

  /** The first bytes of the receiver's answer. */
  @Column({ type: 'varchar', length: 512, default: '' })
  response: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

import { Column, Entity, Index } from 'typeorm';
import { JsonMap, TenantEntity } from '../database/tenant-entity';

/** A CRM event written in the same transaction as the change it describes; delivered later in the background. */
@Entity('outbox_events')
@Index(['status', 'id'])
@Index(['workspaceId', 'event', 'id'])
@Index('IDX_outbox_events_journal', ['workspaceId', 'txid', 'id'])
export class OutboxEvent extends TenantEntity {
  @Column({ type: 'varchar', length: 40 })
  event: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', default: '' })
  text: string;

  @Column({ type: 'text', default: '' })
  url: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  data: JsonMap;

  @Column({ type: 'varchar', length: 40 })
  recordType: string;

  @Column({ type: 'int', nullable: true })
  recordId: number | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  occurredAt: Date;

  /** A change made by an automation (UnitOfWork.withOrigin): which run, at which depth; null for a person's. */
  @Column({ type: 'jsonb', nullable: true })
  origin: JsonMap | null;

  /** pending until the dispatcher has handed it to every subscribed connection. */
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  @Column({ type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;

  /**
   * The writing transaction's id (`pg_current_xact_id()`, set by the database at insert): the journal
   * pages on (txid, id) below the oldest transaction in flight (docs/decisions/webhooks-and-events.md).
   * A bigint (a string in JavaScript); never written by the application. The default is
   * `pg_current_xact_id()::text::bigint` (migration EventJournal); it is written here as TypeORM reads it back from
   * the database, with the casts taken out, so that `migration:generate` sees no change.
   */
  @Column({ type: 'bigint', insert: false, update: false, select: false, default: () => '((pg_current_xact_id()))' })
  txid: string;
}

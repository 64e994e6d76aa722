import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../platform/database/tenant-entity';
import type { EventFilter } from './event-filter';
import { RECORD_KINDS } from './record-kinds';

/**
 * Connection kinds: signed JSON (`webhook`), the chat channels of spec 6.5 (unsigned, their own format)
 * and the record-creation products of spec 6.5 (record-kinds.ts: a record per event through the product's API).
 */
export const CONNECTION_KINDS = ['webhook', 'slack', 'teams', 'google_chat', 'discord', 'telegram', ...RECORD_KINDS] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** An outbound webhook connection of a workspace (Apps settings; REST /api/v1/webhooks). */
@Entity('webhook_connections')
@Index('IDX_webhook_connections_active', ['workspaceId', 'active'])
export class WebhookConnection extends TenantEntity {
  @Column({ type: 'varchar', length: 20, default: 'webhook' })
  kind: string;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  /** Subscribed event kinds. */
  @Column({ type: 'text', array: true, default: '{}' })
  events: string[];

  /** Optional filter on the events' `data` (event-filter.ts); null delivers every subscribed event. */
  @Column({ type: 'jsonb', nullable: true })
  filter: EventFilter | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** The signing key, sealed with the SecretBox (shown in clear on create and rotate only). */
  @Column({ type: 'text' })
  signingKey: string;

  /** Record-creation kinds: the product's target (project, list, base and table, …; record-kinds.ts); null for the others. */
  @Column({ type: 'jsonb', nullable: true })
  config: Record<string, string> | null;

  /** Record-creation kinds: the product's token, sealed with the SecretBox (never shown back); null for the others. */
  @Column({ type: 'text', nullable: true })
  token: string | null;

  /** Latest result: HTTP status, or the error when there was no answer. */
  @Column({ type: 'int', nullable: true })
  lastStatus: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  @Column({ type: 'boolean', nullable: true })
  lastOk: boolean | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  lastEvent: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastAt: Date | null;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

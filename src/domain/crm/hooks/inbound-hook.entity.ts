import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';
import type { AuthMode, HookTarget, MappingRow } from './hooks.rules';

/**
 * An inbound hook of the workspace (spec 6.1 names inbound hooks as an origin of changes): a website,
 * Typeform, Zapier, Make or n8n posts JSON to `/hooks/<public_key>` on the workspace's host; the mapping
 * turns it into a record of the target kind, created as the owner through the same service as REST.
 */
@Entity('inbound_hooks')
@Index('UQ_inbound_hooks_public_key', ['workspaceId', 'publicKey'], { unique: true })
export class InboundHook extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The hook's address in the public URL (random, not guessable). */
  @Column({ type: 'varchar', length: 40 })
  publicKey: string;

  @Column({ type: 'varchar', length: 20 })
  target: HookTarget;

  /** The custom object's key when the target is `object`; '' otherwise. */
  @Column({ type: 'varchar', length: 40, default: '' })
  objectKey: string;

  /** Target field → JSON path of the payload, or a constant. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  mapping: MappingRow[];

  @Column({ type: 'varchar', length: 10 })
  authMode: AuthMode;

  /** `bearer`: sha256 of the secret (the secret itself is never stored). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  secretHash: string | null;

  /** `signature`: the Standard Webhooks key, sealed by the secret box (it is needed in clear to verify). */
  @Column({ type: 'text', nullable: true })
  secretSealed: string | null;

  /** The secret's first characters, shown to tell secrets apart. */
  @Column({ type: 'varchar', length: 16, default: '' })
  secretPrefix: string;

  /** JSON path of the payload's idempotency key; '' = only the `webhook-id` header. */
  @Column({ type: 'varchar', length: 200, default: '' })
  idempotencyPath: string;

  /** The user the records are created as. */
  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Accepted requests per minute (authenticated ones, replays included). */
  @Column({ type: 'int', default: 60 })
  perMinute: number;

  /** Records created. */
  @Column({ type: 'int', default: 0 })
  received: number;

  /** Repeats answered from a receipt. */
  @Column({ type: 'int', default: 0 })
  replayed: number;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastReceivedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

/** What one idempotency key of a hook created: a repeat with the key answers this record and writes nothing. */
@Entity('inbound_hook_receipts')
@Index('UQ_inbound_hook_receipts_key', ['workspaceId', 'hookId', 'key'], { unique: true })
@Index('IDX_inbound_hook_receipts_created', ['workspaceId', 'createdAt'])
export class InboundHookReceipt extends TenantEntity {
  @Column({ type: 'int' })
  hookId: number;

  @Column({ type: 'varchar', length: 255 })
  key: string;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ type: 'int' })
  recordId: number;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { numeric, TenantEntity } from '../../../platform/database/tenant-entity';

/** `none` until connected; `imap_smtp` is a password mailbox. OAuth providers (gmail, microsoft365) are not offered yet. */
export type MailboxProvider = 'none' | 'imap_smtp';

/** `tls`: TLS from the first byte (465, 993); `starttls`: upgraded (587, 143; required); `none`: plain (only towards a host PRIVATE_NETWORK_ALLOWLIST lists). */
export type TlsMode = 'tls' | 'starttls' | 'none';
export const TLS_MODES: readonly TlsMode[] = ['tls', 'starttls', 'none'];

export interface ServerSettings {
  host: string;
  port: number;
  tls: TlsMode;
  user: string;
}

export interface MailboxServerSettings {
  smtp: ServerSettings;
  imap: ServerSettings;
}

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

  /** How the mailbox is reached: `none` (not set up), `imap_smtp` (passwords); OAuth providers come later. */
  @Column({ type: 'varchar', length: 20, default: 'none' })
  provider: MailboxProvider;

  /** Server settings without secrets (for `imap_smtp`: smtp and imap host, port, tls, user). */
  @Column({ type: 'jsonb', nullable: true })
  settings: MailboxServerSettings | null;

  /** The provider's secrets (passwords; later OAuth tokens), sealed by the secret box. */
  @Column({ type: 'text', default: '' })
  secret: string;

  /** IMAP sync position in INBOX: its UIDVALIDITY and the next UID to read (null: not read yet). */
  @Column({ type: 'bigint', nullable: true, transformer: numeric })
  imapUidValidity: number | null;

  @Column({ type: 'bigint', nullable: true, transformer: numeric })
  imapUidNext: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  syncedAt: Date | null;

  /** The last sync error ('' when the last sync worked). */
  @Column({ type: 'varchar', length: 500, default: '' })
  syncError: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../platform/database/tenant-entity';

export type Role = 'admin' | 'sales';

@Entity('users')
@Index(['workspaceId', 'username'], { unique: true })
@Index(['workspaceId', 'email'], { unique: true })
@Index(['workspaceId', 'externalId'])
export class User extends TenantEntity {
  /** Lower-case; the e-mail address unless given otherwise. */
  @Column({ type: 'varchar', length: 254 })
  username: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  fullName: string;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  @Column({ type: 'varchar', length: 100, default: '' })
  department: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  phone: string;

  /** Modules this user may use; what is effective is this list intersected with the licence. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  modules: string[];

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ type: 'boolean', default: false })
  weakPassword: boolean;

  /** The language the user chose for the web app and e-mails ('en', 'tr'); null: the workspace's language. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  locale: string | null;

  /** TOTP seed, sealed with the server's secret key; null when two-factor is off. */
  @Column({ type: 'text', nullable: true })
  totpSecret: string | null;

  /** The last TOTP time step accepted at sign-in: a code of that step or an earlier one is refused (no replay). */
  @Column({ type: 'int', nullable: true })
  totpLastStep: number | null;

  // --- SCIM provisioning ---
  /** The identity provider's id of the user (SCIM externalId); null for users not provisioned. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  /** SCIM userName with its letter case as the identity provider sent it; `username` is its lower-case form. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  idpUserName: string | null;

  /** Name parts (SCIM name.givenName / familyName); `fullName` is the display name. */
  @Column({ type: 'varchar', length: 100, default: '' })
  givenName: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  familyName: string;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

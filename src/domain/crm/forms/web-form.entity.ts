import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from '../../../platform/database/tenant-entity';

/** An extra field of a website form (besides company, name, email, phone and message). */
export interface WebFormField {
  key: string;
  label: string;
  required: boolean;
}

/**
 * A website form of the workspace: submissions to its public key create or match a company and a
 * task for the owner, and raise `form_submitted`.
 */
@Entity('web_forms')
@Index(['workspaceId', 'publicKey'], { unique: true })
export class WebForm extends TenantEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The form's address in the public submission URL (random, not guessable). */
  @Column({ type: 'varchar', length: 40 })
  publicKey: string;

  /** Gets the tasks and owns the companies the form creates. */
  @Column({ type: 'int' })
  ownerId: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  fields: WebFormField[];

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'int', default: 0 })
  submissions: number;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastSubmittedAt: Date | null;

  @Column({ type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

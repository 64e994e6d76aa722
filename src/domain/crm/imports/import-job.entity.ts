import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { JsonMap, TenantEntity } from '../../../platform/database/tenant-entity';

/** States of an import job (docs/decisions/import.md); `reverting` is the revert job running. */
export type ImportState = 'uploaded' | 'mapped' | 'validating' | 'validated' | 'running' | 'completed' | 'failed' | 'cancelled' | 'reverting' | 'reverted';

/** Outcome counts per target: `{companies: {created, updated, skipped, refused}, …}`. */
export type TargetCounts = Record<string, { created: number; updated: number; skipped: number; refused: number }>;

/** One import: the uploaded file's shape, the mapping, the state and the counts of its dry run, run and revert. */
@Entity('import_jobs')
@Index('IDX_import_jobs_created', ['workspaceId', 'createdAt'])
@Index('IDX_import_jobs_claim', ['state', 'leaseUntil'])
@Index('IDX_import_jobs_headers', ['workspaceId', 'headerKey', 'id'])
export class ImportJob extends TenantEntity {
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  @Column({ type: 'varchar', length: 8 })
  format: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  encoding: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  delimiter: string | null;

  @Column({ type: 'int' })
  size: number;

  /** The header row and the first 20 non-empty values of each column: `[{header, samples}]`. */
  @Column({ type: 'jsonb' })
  columns: { header: string; samples: string[] }[];

  /** A hash of the folded header row: a later file with the same headers is offered this job's mapping. */
  @Column({ type: 'varchar', length: 64 })
  headerKey: string;

  /** Data rows (the header not counted). */
  @Column({ type: 'int' })
  totalRows: number;

  @Column({ type: 'varchar', length: 16 })
  state: ImportState;

  @Column({ type: 'varchar', length: 20, nullable: true })
  target: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  mode: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  matchKey: string | null;

  /** The field of each column (null: not imported), in column order. */
  @Column({ type: 'jsonb', nullable: true })
  mapping: (string | null)[] | null;

  /** Counts of the dry run. */
  @Column({ type: 'jsonb', nullable: true })
  validation: TargetCounts | null;

  /** Counts of the run. */
  @Column({ type: 'jsonb', nullable: true })
  result: TargetCounts | null;

  /** The revert's counts and the records it left alone: `{deleted, restored, kept: [{target, id, reason}]}`. */
  @Column({ type: 'jsonb', nullable: true })
  revert: JsonMap | null;

  /** Data rows the current phase has done (progress; where a worker that takes the job over resumes). */
  @Column({ type: 'int', default: 0 })
  rowsDone: number;

  /** The instance working on the job, until when (a dead instance's job is taken over after that). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Events of the run held back until it ends (spec 6.1 exception 2 needs the job's total); emptied past 25. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  events: JsonMap[];

  @Column({ type: 'int', default: 0 })
  eventCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

/** The uploaded file itself, in the database so that any instance can take the job. */
@Entity('import_files')
@Index('UQ_import_files_job', ['workspaceId', 'jobId'], { unique: true })
export class ImportFile extends TenantEntity {
  @Column({ type: 'int' })
  jobId: number;

  @Column({ type: 'bytea' })
  content: Buffer;
}

/** What a row did: created or updated (what revert undoes), or refused (the errors download). */
@Entity('import_rows')
@Index('IDX_import_rows_job', ['workspaceId', 'jobId', 'phase', 'id'])
export class ImportRow extends TenantEntity {
  @Column({ type: 'int' })
  jobId: number;

  /** `validate` (the dry run) or `run`. */
  @Column({ type: 'varchar', length: 10 })
  phase: string;

  /** The row's number in the file (the header is row 1). */
  @Column({ type: 'int' })
  rowNo: number;

  @Column({ type: 'varchar', length: 20 })
  target: string;

  @Column({ type: 'varchar', length: 10 })
  outcome: string;

  @Column({ type: 'int', nullable: true })
  recordId: number | null;

  /** Previous values of the fields an update changed (REST field names). */
  @Column({ type: 'jsonb', nullable: true })
  before: JsonMap | null;

  /** The record's updated_at right after the import wrote it: a later value means someone changed it since. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  afterAt: Date | null;

  /** A refused row's errors `[{column, value, code, message}]` and cells. */
  @Column({ type: 'jsonb', nullable: true })
  errors: JsonMap[] | null;

  @Column({ type: 'jsonb', nullable: true })
  cells: string[] | null;
}

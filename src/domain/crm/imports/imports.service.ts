import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan, Not } from 'typeorm';
import { DomainError, forbidden, invalid, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { PERMISSIONS } from '../../workspace/defaults';
import { fileShape, MAX_ROWS, readRows, tooLarge } from './import-file';
import { ImportFile, ImportJob, ImportRow, ImportState } from './import-job.entity';
import { fold } from './import-values';
import { isTarget, MATCH_FIELD, matchKeysOf, Mode, MODES, moduleOf, requiredField, suggestFields, Target, TARGETS } from './import-targets';
import { ImportJobs } from './import-jobs';
import { ImportWorker } from './import-worker';

/** Values per column shown for the mapping screen. */
const SAMPLES = 20;
/** Days after its run during which an import can be reverted. */
export const REVERT_DAYS = 30;
/** Jobs listed (newest first). */
const LIST_LIMIT = 100;

export interface UploadedFile {
  name: string;
  content: Buffer;
}

export interface MappingInput {
  target: string;
  mode: string;
  match_key?: string;
  /** The field of each column, in column order; null (or missing) leaves the column out. */
  fields: (string | null)[];
}

export interface ImportView {
  job: ImportJob;
  /** Per target (built-in, and `object:<key>` for the workspace's custom objects) the field each column suggests. */
  suggestions: Record<string, (string | null)[]>;
  /** The mapping of the latest job of this workspace whose file had the same headers (offered again), if any. */
  remembered?: { jobId: number; target: string; mode: string; matchKey: string; fields: (string | null)[] } | null;
}

/** The header set's key: folded headers in order, hashed. */
export const headerKey = (headers: string[]): string => createHash('sha256').update(JSON.stringify(headers.map(fold))).digest('hex');

/** Import jobs (spec 6.1 exception 2 for their events; docs/decisions/import.md): upload, map, validate, run, cancel, revert. */
@Injectable()
export class ImportsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly worker: ImportWorker,
    private readonly jobs: ImportJobs,
  ) {}

  /** Admins, and users holding the `import` permission. */
  private allow(auth: UserContext): void {
    if (!isAdmin(auth) && !auth.user.modules.includes(PERMISSIONS.import)) throw forbidden('importing needs the import permission (ask an admin)');
  }

  /**
   * Reads the whole file once, on upload: its shape, header, row count and sample values. What cannot be
   * read is refused here (4xx), so a job never fails on its file later.
   */
  async upload(auth: UserContext, file: UploadedFile | undefined): Promise<ImportView> {
    this.allow(auth);
    if (!file) throw invalid('file', 'is required (multipart/form-data, field "file")');
    const shape = await fileShape(file.content, file.name);
    let headers: string[] | null = null;
    const samples: string[][] = [];
    let rows = 0;
    for await (const row of readRows(file.content, shape)) {
      if (!headers) {
        headers = row.cells.map((h, i) => h || `column ${i + 1}`);
        headers.forEach(() => samples.push([]));
        continue;
      }
      if (++rows > MAX_ROWS) throw tooManyRows();
      row.cells.forEach((c, i) => {
        if (c !== '' && i < samples.length && samples[i]!.length < SAMPLES) samples[i]!.push(c.slice(0, 200));
      });
    }
    if (!headers) throw invalid('file', 'the file has no rows');
    const columns = headers.map((header, i) => ({ header: header.slice(0, 200), samples: samples[i]! }));
    const job = await this.uow.run(async () => {
      const db = this.uow.tenant(auth.workspace.id);
      const [saved] = await db.insert(ImportJob, {
        userId: auth.user.id,
        fileName: (file.name || 'import').slice(0, 255),
        format: shape.format,
        encoding: shape.encoding,
        delimiter: shape.delimiter,
        size: file.content.length,
        columns,
        totalRows: rows,
        headerKey: headerKey(columns.map((c) => c.header)),
        state: 'uploaded',
      });
      const id = (saved as { id: number }).id;
      await db.insert(ImportFile, { jobId: id, content: file.content });
      return (await db.byId(ImportJob, id))!;
    });
    return { ...(await this.view(auth, job)), remembered: await this.remembered(auth, job) };
  }

  /** The newest other job of the workspace with the same header set and a mapping. */
  private async remembered(auth: UserContext, job: ImportJob): Promise<ImportView['remembered']> {
    const [prev] = await this.uow.tenant(auth.workspace.id).find(ImportJob, {
      where: { headerKey: job.headerKey, id: Not(job.id), mapping: Not(IsNull()) },
      order: { id: 'DESC' },
      take: 1,
      select: { id: true, target: true, mode: true, matchKey: true, mapping: true },
    });
    if (!prev?.mapping || !prev.target) return null;
    return { jobId: prev.id, target: prev.target, mode: prev.mode!, matchKey: prev.matchKey!, fields: prev.mapping };
  }

  async list(auth: UserContext): Promise<ImportJob[]> {
    this.allow(auth);
    return this.uow.tenant(auth.workspace.id).find(ImportJob, { order: { id: 'DESC' }, take: LIST_LIMIT });
  }

  async get(auth: UserContext, id: number): Promise<ImportView> {
    this.allow(auth);
    const job = await this.find(auth, id);
    return { ...(await this.view(auth, job)), remembered: job.mapping ? null : await this.remembered(auth, job) };
  }

  private async find(auth: UserContext, id: number, lock = false): Promise<ImportJob> {
    const job = await this.uow.tenant(auth.workspace.id).byId(ImportJob, id, lock);
    if (!job) throw notFound('import');
    return job;
  }

  private async view(auth: UserContext, job: ImportJob): Promise<ImportView> {
    const headers = job.columns.map((c) => c.header);
    const suggestions: Record<string, (string | null)[]> = {};
    for (const t of TARGETS) suggestions[t] = suggestFields(headers, t);
    // custom objects' labels are the workspace's own header synonyms (their module is Customers)
    if (auth.modules.includes(moduleOf('object:x'))) for (const [t, defs] of Object.entries(await this.jobs.objectTargets(auth))) suggestions[t] = suggestFields(headers, defs);
    return { job, suggestions };
  }

  /** Target, mode, match key and the field of each column; a job not yet running can be mapped again (its dry run is dropped). */
  async map(auth: UserContext, id: number, input: MappingInput): Promise<ImportView> {
    this.allow(auth);
    const target = input.target as Target;
    if (!isTarget(target)) throw invalid('target', `must be one of ${TARGETS.join(', ')} or object:<key>`);
    if (!MODES.includes(input.mode as Mode)) throw invalid('mode', `must be one of ${MODES.join(', ')}`);
    if (!auth.modules.includes(moduleOf(target))) throw new DomainError('module', `importing ${target} needs the ${moduleOf(target)} module`);
    // a custom object of another workspace (or none) is not found: its fields are never read
    const { defs } = await this.jobs.targetDefs(auth, target);
    const keys = matchKeysOf(target);
    const matchKey = input.match_key ?? keys.default;
    if (!keys.keys.includes(matchKey)) throw invalid('match_key', `must be one of ${keys.keys.join(', ')} for ${target}`);
    const known = defs.map((f) => f.field);
    const seen = new Set<string>();
    input.fields.forEach((f, i) => {
      if (f === null || f === '') return;
      if (!known.includes(f)) throw invalid(`fields.${i}`, `must be one of ${known.join(', ')} (or null)`);
      if (seen.has(f)) throw invalid(`fields.${i}`, `${f} is mapped twice`);
      seen.add(f);
    });
    const job = await this.uow.run(async () => {
      const current = await this.find(auth, id, true);
      if (input.fields.length > current.columns.length) throw invalid('fields', `the file has ${current.columns.length} columns`);
      this.expect(current, ['uploaded', 'mapped', 'validated']);
      const mapping = current.columns.map((_, i) => input.fields[i] || null);
      const required = requiredField(target);
      if (!mapping.includes(required) && input.mode !== 'update') throw invalid('fields', `a column must be mapped to ${required}`);
      if (target === 'opportunities' && !mapping.includes('company') && input.mode !== 'update') throw invalid('fields', 'a column must be mapped to company');
      const matchField = MATCH_FIELD[matchKey]!;
      if (input.mode !== 'create' && !mapping.includes(matchField)) throw invalid('match_key', `no column is mapped to ${matchField}, which ${matchKey} matches on`);
      const db = this.uow.tenant(auth.workspace.id);
      await db.delete(ImportRow, { jobId: id, phase: 'validate' });
      await db.update(ImportJob, { id }, { state: 'mapped', target, mode: input.mode, matchKey, mapping, validation: null, rowsDone: 0 });
      return (await db.byId(ImportJob, id))!;
    });
    return this.view(auth, job);
  }

  /** The dry run over the whole file, in the background: `validating`, then `validated` with its counts. */
  validate(auth: UserContext, id: number): Promise<ImportView> {
    return this.start(auth, id, ['mapped', 'validated'], 'validating', async (db) => {
      await db.delete(ImportRow, { jobId: id, phase: 'validate' });
      return { validation: null };
    });
  }

  /** The run, in the background, after a dry run of the same mapping. */
  run(auth: UserContext, id: number): Promise<ImportView> {
    return this.start(auth, id, ['validated'], 'running', async () => ({ result: null, events: [], eventCount: 0 }));
  }

  /** Revert (within 30 days of the run), in the background: `reverting`, then `reverted` with its counts. */
  revert(auth: UserContext, id: number): Promise<ImportView> {
    return this.start(auth, id, ['completed', 'failed', 'cancelled'], 'reverting', async (db, job) => {
      if (!job.result) throw new DomainError('conflict', 'this import wrote nothing to revert');
      if (job.finishedAt && Date.now() - job.finishedAt.getTime() > REVERT_DAYS * 86_400_000) throw new DomainError('conflict', `an import can be reverted within ${REVERT_DAYS} days`);
      void db;
      return { revert: null };
    });
  }

  /** Stops a job between two batches; what was written stays (and can be reverted). */
  async cancel(auth: UserContext, id: number): Promise<ImportView> {
    this.allow(auth);
    const job = await this.uow.run(async () => {
      const current = await this.find(auth, id, true);
      this.expect(current, ['uploaded', 'mapped', 'validating', 'validated', 'running']);
      const wrote = current.state === 'running';
      const db = this.uow.tenant(auth.workspace.id);
      await db.update(ImportJob, { id }, { state: 'cancelled', leaseOwner: null, leaseUntil: null, finishedAt: new Date(), events: [], ...(wrote ? {} : { result: null }) });
      await this.uow.audit({ workspaceId: auth.workspace.id, action: 'import_cancelled', userId: auth.user.id, subject: `import ${id}`, detail: { job: id, file_name: current.fileName, counts: current.result ?? {} } });
      return (await db.byId(ImportJob, id))!;
    });
    return this.view(auth, job);
  }

  private async start(
    auth: UserContext,
    id: number,
    from: ImportState[],
    to: ImportState,
    extra: (db: ReturnType<UnitOfWork['tenant']>, job: ImportJob) => Promise<Partial<ImportJob>>,
  ): Promise<ImportView> {
    this.allow(auth);
    const job = await this.uow.run(async () => {
      const current = await this.find(auth, id, true);
      this.expect(current, from);
      const db = this.uow.tenant(auth.workspace.id);
      const patch = await extra(db, current);
      await db.update(ImportJob, { id }, { ...patch, state: to, rowsDone: 0, leaseOwner: null, leaseUntil: null, error: null });
      return (await db.byId(ImportJob, id))!;
    });
    this.worker.wake();
    return this.view(auth, job);
  }

  private expect(job: ImportJob, states: ImportState[]): void {
    if (!states.includes(job.state)) throw new DomainError('conflict', `the import is ${job.state}; this needs it ${states.join(' or ')}`);
  }

  /**
   * The refused rows of the latest pass (the run's once it ran, else the dry run's) in file order, page by
   * page (keyset on id): memory stays bounded by one page however many rows were refused.
   */
  async refused(auth: UserContext, id: number): Promise<{ job: ImportJob; pages: AsyncGenerator<ImportRow[]> }> {
    this.allow(auth);
    const job = await this.find(auth, id);
    const phase = job.result ? 'run' : 'validate';
    const db = this.uow.tenant(auth.workspace.id);
    async function* pages(): AsyncGenerator<ImportRow[]> {
      let after = 0;
      for (;;) {
        const rows = await db.find(ImportRow, { where: { jobId: id, phase, outcome: 'refused', id: MoreThan(after) }, order: { id: 'ASC' }, take: ERRORS_PAGE });
        if (rows.length) yield rows;
        if (rows.length < ERRORS_PAGE) return;
        after = rows[rows.length - 1]!.id;
      }
    }
    return { job, pages: pages() };
  }
}

/** Refused rows read at once for the errors download. */
const ERRORS_PAGE = 1000;
const tooManyRows = () => new DomainError('payload_too_large', `the file has more than ${MAX_ROWS.toLocaleString('en-US')} rows; split it into several imports`);
export { tooLarge };

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { DomainError } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { DomainEvent, MAX_EVENTS_PER_OPERATION } from '../../../platform/outbox/domain-event';
import { UserContext } from '../../identity/auth-context';
import { Company } from '../companies/company.entity';
import { Lead } from '../leads/lead.entity';
import { ObjectRecord } from '../objects/object-record.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { Person } from '../people/person.entity';
import { Task } from '../tasks/task.entity';
import { claimImportJob } from './import-claim';
import { readRows, FileShape, Encoding, Delimiter, FileFormat } from './import-file';
import { ImportFile, ImportJob, ImportRow } from './import-job.entity';
import { addCounts, ImportJobs } from './import-jobs';
import { ImportReverter } from './import-revert';
import { makesCompanies, Mode, moduleOf, Target } from './import-targets';
import { ImportSettings, ImportWriter, PassState, RowOutcome, SourceRow } from './import-writer';

const ROLLBACK = Symbol('dry run');

/** The tables a pass of the target writes and looks its rows up in (a person's or task's company too). */
function tablesOf(target: Target) {
  const own = { companies: Company, people: Person, opportunities: Opportunity, leads: Lead, tasks: Task }[target as string] ?? ObjectRecord;
  return makesCompanies(target) ? [own, Company] : [own];
}

/** 1, 2, 4, 8, …: after these committed batches of a run its tables are analyzed again (log2 of the batches in all). */
const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/**
 * The import worker, off the request path (docs/decisions/import.md). Like the webhook worker it claims
 * through the database (import-claim.ts: `FOR UPDATE SKIP LOCKED` and a lease), so any instance can work
 * any job and a dead instance's job is taken over when its lease runs out. A job goes in batches, each
 * one transaction that locks the job row, checks the job is still this instance's and in its state
 * (a cancel stops it between batches), writes the rows and the progress, and renews the lease. A dry run's
 * writes go through the same code in a savepoint rolled back before the batch saves its counts, so the run
 * reproduces them.
 */
@Injectable()
export class ImportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('ImportWorker');
  readonly owner = `${hostname().slice(0, 30)}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: ImportJobs,
    private readonly writer: ImportWriter,
    private readonly reverter: ImportReverter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.importWorker) {
      this.running = true;
      this.loopDone = this.loop();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
  }

  wake(): void {
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let busy = false;
      try {
        busy = await this.round();
      } catch (e) {
        this.log.error(`import round failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
      if (!this.running) break;
      if (!busy) await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.config.importPollMs);
        this.wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  /** Works every claimable job to its end (tests and the CLI). */
  async drain(): Promise<void> {
    while (await this.round());
  }

  /**
   * Claims one job and works it; `maxBatches` stops after that many batches keeping the lease, as an
   * instance killed mid-run would (tests). True when a job was claimed.
   */
  async round(maxBatches = Infinity): Promise<boolean> {
    const claimed = await claimImportJob(this.uow, this.owner, this.config.importLeaseSeconds);
    if (!claimed) return false;
    const job = await this.uow.tenant(claimed.workspaceId).byId(ImportJob, claimed.id);
    if (!job) return true;
    try {
      const auth = await this.jobs.authOf(job);
      if (job.state === 'reverting') await this.reverter.work(auth, job, this.owner, this.config.importLeaseSeconds, maxBatches);
      else await this.pass(auth, job, maxBatches);
    } catch (e) {
      await this.fail(job, e);
    }
    return true;
  }

  private async settings(auth: UserContext, job: ImportJob): Promise<ImportSettings> {
    const target = job.target as Target;
    return { target, ...(await this.jobs.targetDefs(auth, target)), mode: job.mode as Mode, matchKey: job.matchKey!, mapping: job.mapping ?? [], headers: job.columns.map((c) => c.header) };
  }

  /** The dry run (`validating`) or the run (`running`) from where the job stands. */
  private async pass(auth: UserContext, job: ImportJob, maxBatches: number): Promise<void> {
    const dryRun = job.state === 'validating';
    const file = await this.uow.tenant(job.workspaceId).findOne(ImportFile, { where: { jobId: job.id } });
    if (!file) throw new DomainError('not_found', 'the uploaded file is gone');
    const shape: FileShape = { format: job.format as FileFormat, encoding: job.encoding as Encoding | null, delimiter: job.delimiter as Delimiter | null };
    const s = await this.settings(auth, job);
    // the user may have lost the module since the mapping: the job writes only what the user may
    if (!auth.modules.includes(moduleOf(s.target))) throw new DomainError('module', `importing ${s.target} needs the ${moduleOf(s.target)} module`);
    const pass = new PassState(dryRun);
    if (!dryRun) await this.companiesMadeBefore(job, pass);
    const constants = this.writer.constants(auth);
    // the planner's statistics as the pass starts, and again while a run grows the tables: a batch's lookups are
    // `IN (…)` of 200 keys, which without them become a read of every row of the workspace per batch
    const tables = tablesOf(s.target);
    await this.uow.analyze(tables);
    let index = 0;
    let header = true;
    let batch: SourceRow[] = [];
    let batches = 0;
    for await (const row of readRows(file.content, shape)) {
      if (header) {
        header = false;
        continue;
      }
      index++;
      if (index <= job.rowsDone) {
        // done by an earlier holder of the job: only the keys it saw, for duplicates inside the file
        this.writer.prepare(s, constants, pass, row);
        continue;
      }
      batch.push(row);
      if (batch.length < this.config.importBatchRows) continue;
      if (!(await this.batch(auth, job, s, pass, batch))) return;
      batch = [];
      if (++batches >= maxBatches) return;
      if (!dryRun && isPowerOfTwo(batches)) await this.uow.analyze(tables);
    }
    if (batch.length && !(await this.batch(auth, job, s, pass, batch))) return;
    await this.finish(auth, job);
  }

  /** Companies this run created for person rows before a takeover: found by their key again, not created twice. */
  private async companiesMadeBefore(job: ImportJob, pass: PassState): Promise<void> {
    const db = this.uow.tenant(job.workspaceId);
    const rows = await db.find(ImportRow, { where: { jobId: job.id, phase: 'run', target: 'companies', outcome: 'created' }, select: { recordId: true } });
    if (!rows.length || job.target === 'companies') return;
    const ids = rows.map((r) => r.recordId!).filter(Boolean);
    const companies = await db.qb(Company, 'c').andWhere('c.id IN (:...ids)', { ids }).getMany();
    for (const c of companies) pass.companies.set(c.nameNorm, { id: c.id, batch: 0 });
  }

  /** One batch; false when the job is no longer this instance's (cancelled, or taken over). */
  private async batch(auth: UserContext, job: ImportJob, s: ImportSettings, pass: PassState, rows: SourceRow[]): Promise<boolean> {
    const state = pass.dryRun ? 'validating' : 'running';
    let outcomes: RowOutcome[] = [];
    return this.uow.runDetached(async () => {
      const current = await this.jobs.lockOwned(job.workspaceId, job.id, this.owner, state);
      if (!current) return false;
      if (pass.dryRun) {
        // the same writes as the run's, undone at once by their savepoint: one transaction per batch, which then
        // keeps only the refused rows and the counts (a transaction of its own for the writes cost a BEGIN, a
        // ROLLBACK and a pooled connection per batch)
        try {
          await this.uow.savepoint(async () => {
            outcomes = await this.writer.writeBatch(auth, s, pass, rows);
            throw ROLLBACK;
          });
        } catch (e) {
          if (e !== ROLLBACK) throw e;
        }
      } else outcomes = await this.writer.writeBatch(auth, s, pass, rows);
      await this.jobs.saveRows(job.workspaceId, job.id, pass.dryRun ? 'validate' : 'run', outcomes);
      const patch: Partial<ImportJob> = { rowsDone: current.rowsDone + rows.length, leaseUntil: new Date(Date.now() + this.config.importLeaseSeconds * 1000) };
      const targets = makesCompanies(s.target) ? [s.target, 'companies'] : [s.target];
      if (pass.dryRun) patch.validation = addCounts(current.validation, outcomes, targets);
      else {
        patch.result = addCounts(current.result, outcomes, targets);
        const events = this.uow.takeEvents();
        patch.eventCount = current.eventCount + events.length;
        // held until the job ends: past 25 they are never sent (6.1 exception 2), so they are not kept
        patch.events = patch.eventCount > MAX_EVENTS_PER_OPERATION ? [] : [...current.events, ...events.map((e) => ({ ...e }))];
      }
      await this.uow.tenant(job.workspaceId).update(ImportJob, { id: job.id }, patch);
      job.rowsDone = patch.rowsDone!;
      return true;
    }).then((ok) => {
      if (ok) pass.committed = pass.batch;
      return ok;
    });
  }

  /** The end of a pass: validated, or completed with its events (or the one audit note instead) and its audit row. */
  private async finish(auth: UserContext, job: ImportJob): Promise<void> {
    const state = job.state;
    await this.uow.runDetached(async () => {
      const current = await this.jobs.lockOwned(job.workspaceId, job.id, this.owner, state);
      if (!current) return;
      const db = this.uow.tenant(job.workspaceId);
      if (state === 'validating') {
        await db.update(ImportJob, { id: job.id }, { state: 'validated', leaseOwner: null, leaseUntil: null, validation: current.validation ?? addCounts(null, [], [current.target!]) });
        return;
      }
      const result = current.result ?? addCounts(null, [], [current.target!]);
      if (current.eventCount > MAX_EVENTS_PER_OPERATION) {
        await this.uow.audit({
          workspaceId: job.workspaceId,
          action: 'events_suppressed',
          userId: current.userId,
          subject: `import ${current.id}`,
          detail: { reason: `more than ${MAX_EVENTS_PER_OPERATION} events in one import job`, job: current.id, file_name: current.fileName, total: current.eventCount },
        });
      } else for (const e of current.events) this.uow.recordEvent(e as unknown as DomainEvent);
      await db.update(ImportJob, { id: job.id }, { state: 'completed', leaseOwner: null, leaseUntil: null, finishedAt: new Date(), events: [], result });
      await this.uow.audit({ workspaceId: job.workspaceId, action: 'import_completed', userId: current.userId, subject: `import ${current.id}`, detail: { job: current.id, file_name: current.fileName, by: auth.user.fullName, counts: result } });
    });
  }

  /** A job that cannot go on ends `failed`, what its committed batches wrote counted (and revertible). */
  private async fail(job: ImportJob, e: unknown): Promise<void> {
    const message = e instanceof DomainError ? e.message : 'internal error';
    if (!(e instanceof DomainError)) this.log.error(`import ${job.workspaceId}/${job.id} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    await this.uow.runDetached(async () => {
      const current = await this.uow.tenant(job.workspaceId).byId(ImportJob, job.id, true);
      if (!current || current.leaseOwner !== this.owner || !['validating', 'running', 'reverting'].includes(current.state)) return;
      const state = current.state === 'reverting' ? 'completed' : 'failed';
      await this.uow.tenant(job.workspaceId).update(ImportJob, { id: job.id }, { state, error: message.slice(0, 500), leaseOwner: null, leaseUntil: null, finishedAt: current.finishedAt ?? new Date(), events: [] });
      await this.uow.audit({ workspaceId: job.workspaceId, action: 'import_failed', userId: current.userId, subject: `import ${current.id}`, detail: { job: current.id, file_name: current.fileName, error: message.slice(0, 500), counts: current.result ?? {} } });
    });
  }
}

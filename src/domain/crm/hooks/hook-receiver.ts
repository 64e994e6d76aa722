import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { constantTimeEqual, sha256Hex, type SecretBox } from '../../../platform/common/crypto';
import { DomainError, invalid, notFound } from '../../../platform/common/errors';
import { LimiterFactory } from '../../../platform/database/redis.module';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { SECRET_BOX } from '../../identity/secret-box.provider';
import { User } from '../../identity/user.entity';
import { MODULES } from '../../workspace/defaults';
import type { Workspace } from '../../workspace/workspace.entity';
import { WorkspaceService } from '../../workspace/workspace.service';
import { CompaniesService, type CompanyCreateInput } from '../companies';
import { LeadsService, type LeadCreateInput } from '../leads';
import { PeopleService, type PersonCreateInput } from '../people';
import { ObjectRecordsService, type ObjectRecordInput } from '../objects';
import { TasksService, type TaskFields } from '../tasks';
import { applyMapping, HookTarget, idempotencyKeyAt, MAX_IDEMPOTENCY_KEY, signatureProblem } from './hooks.rules';
import { MAX_PER_MINUTE } from './hooks.service';
import { InboundHook, InboundHookReceipt } from './inbound-hook.entity';

/** What a caller sent: the credentials' headers, the raw body (for the signature) and the parsed payload. */
export interface HookDelivery {
  authorization?: string;
  webhookId?: string;
  webhookTimestamp?: string;
  webhookSignature?: string;
  raw: Buffer;
  payload: unknown;
}

/**
 * The interface's check of a target's body: the same rules as its REST create (the interface owns the
 * DTOs); returns the input as REST would hand it to the service, or throws a 400 naming the field.
 */
export type TargetCheck = (target: HookTarget, body: Record<string, unknown>) => Promise<object>;

export interface HookResult {
  kind: HookTarget;
  id: number;
  replayed: boolean;
}

/** The licence module each target's REST create needs. */
const MODULE_OF: Record<HookTarget, string> = { lead: MODULES.leads, company: MODULES.customers, person: MODULES.customers, task: MODULES.activities, object: MODULES.customers };

/**
 * Receives a delivery to an inbound hook: finds the active hook by its public key on the workspace of the
 * host (404 otherwise), authenticates it (401), counts it against the hook's limit per minute (429), answers a
 * repeated idempotency key from its receipt (200, nothing written), else maps the payload, checks it like the
 * REST create and writes it through the same service as the hook's owner, in one transaction with the receipt.
 */
@Injectable()
export class HookReceiver {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly leads: LeadsService,
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
    private readonly tasks: TasksService,
    private readonly records: ObjectRecordsService,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
    limiters: LimiterFactory,
  ) {
    this.limiter = limiters.create('hook:minute', { points: MAX_PER_MINUTE, duration: 60 });
  }

  async receive(ws: Workspace, publicKey: string, d: HookDelivery, check: TargetCheck): Promise<HookResult> {
    const db = this.uow.tenant(ws.id);
    const hook = await db.findOne(InboundHook, { where: { publicKey, active: true } });
    if (!hook || !this.workspaces.licensedModules(ws).includes(MODULE_OF[hook.target])) throw notFound('hook');
    this.authenticate(hook, d);
    await this.consume(`${ws.id}:${hook.id}`, hook.perMinute);
    const key = this.keyOf(hook, d);
    return this.uow.run(async () => {
      if (key !== undefined) {
        const replay = await this.claim(ws, hook, key);
        if (replay) {
          await db.update(InboundHook, { id: hook.id }, { replayed: () => 'replayed + 1', lastReceivedAt: new Date() });
          // the receipt's own kind: the hook's target may have changed since
          return { kind: replay.kind as HookTarget, id: replay.recordId, replayed: true };
        }
      }
      const owner = await this.ownerOf(ws, hook);
      const modules = this.workspaces.licensedModules(ws).filter((m) => owner.modules.includes(m));
      if (!modules.includes(MODULE_OF[hook.target])) throw new DomainError('module', `the ${MODULE_OF[hook.target]} module is not enabled for the hook's owner`);
      const auth: UserContext = { workspace: ws, user: owner, credential: { id: 0, kind: 'session', scopes: ['crm.write'] }, modules };
      const { body, sources } = applyMapping(hook.mapping, d.payload);
      let id: number;
      try {
        // the events of the record name the hook for the workflow engine (a `hook` trigger), not for readers
        const input = await check(hook.target, body);
        id = await this.uow.withOrigin({ data: {}, meta: { hook_id: hook.id } }, () => this.write(auth, hook.target, hook.objectKey, input));
      } catch (e) {
        // the REST checks' and the service's own 400s alike say which JSON path the field came from
        throw withSource(e, sources);
      }
      if (key !== undefined) await db.update(InboundHookReceipt, { hookId: hook.id, key }, { kind: hook.target, recordId: id });
      await db.update(InboundHook, { id: hook.id }, { received: () => 'received + 1', lastReceivedAt: new Date() });
      return { kind: hook.target, id, replayed: false };
    });
  }

  private authenticate(hook: InboundHook, d: HookDelivery): void {
    if (hook.authMode === 'bearer') {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(d.authorization ?? '');
      if (!m || !hook.secretHash || !constantTimeEqual(sha256Hex(m[1]!), hook.secretHash)) throw new DomainError('unauthorized', "a bearer token with the hook's secret is required");
      return;
    }
    let key: string;
    try {
      key = this.box.open(hook.secretSealed ?? '');
    } catch {
      // sealed under another SECRET_KEY (or damaged): nothing can match until an admin rotates it
      throw new DomainError('unauthorized', "the hook's signing key cannot be read; an admin must rotate it");
    }
    const problem = signatureProblem(key, { id: d.webhookId, timestamp: d.webhookTimestamp, signature: d.webhookSignature }, d.raw, Math.floor(Date.now() / 1000));
    if (problem) throw new DomainError('unauthorized', problem);
  }

  /** The payload's key at the hook's idempotency path, else the `webhook-id` header; undefined: no idempotency. */
  private keyOf(hook: InboundHook, d: HookDelivery): string | undefined {
    if (hook.idempotencyPath) {
      const k = idempotencyKeyAt(d.payload, hook.idempotencyPath);
      if (k === null) throw invalid(hook.idempotencyPath, `the idempotency key must be a text of at most ${MAX_IDEMPOTENCY_KEY} characters or a number`);
      if (k !== undefined) return k;
    }
    const id = d.webhookId?.trim();
    if (!id) return undefined;
    if (id.length > MAX_IDEMPOTENCY_KEY) throw invalid('webhook-id', `at most ${MAX_IDEMPOTENCY_KEY} characters`);
    return id;
  }

  /**
   * Takes the key for this transaction (a row the unique index guards): a concurrent delivery with the same
   * key waits for this one to commit, then finds its receipt. Returns the earlier receipt, or null when the key is new.
   */
  private async claim(ws: Workspace, hook: InboundHook, key: string): Promise<InboundHookReceipt | null> {
    const db = this.uow.tenant(ws.id);
    const rows = await db.sql<{ id: number }>(
      `INSERT INTO inbound_hook_receipts (workspace_id, hook_id, key, kind, record_id)
       SELECT $1::int, $2::int, $3::varchar, '', 0 WHERE NOT EXISTS (SELECT 1 FROM inbound_hook_receipts WHERE workspace_id = $1 AND hook_id = $2 AND key = $3)
       ON CONFLICT (workspace_id, hook_id, key) DO NOTHING RETURNING id`,
      [hook.id, key],
    );
    if (rows.length) return null;
    return db.findOne(InboundHookReceipt, { where: { hookId: hook.id, key } });
  }

  private async write(auth: UserContext, target: HookTarget, objectKey: string, input: object): Promise<number> {
    switch (target) {
      case 'lead':
        return (await this.leads.create(auth, input as LeadCreateInput)).lead.id;
      case 'company':
        return (await this.companies.create(auth, input as CompanyCreateInput)).company.id;
      case 'person':
        return (await this.people.create(auth, input as PersonCreateInput)).person.id;
      case 'task':
        return (await this.tasks.create(auth, input as TaskFields)).task.id;
      case 'object':
        return (await this.records.create(auth, objectKey, input as ObjectRecordInput)).record.id;
    }
  }

  /** The hook's owner; a deactivated owner's records go to the first active admin. */
  private async ownerOf(ws: Workspace, hook: InboundHook): Promise<User> {
    const db = this.uow.tenant(ws.id);
    const owner = await db.byId(User, hook.ownerId);
    if (owner?.active) return owner;
    const admin = await db.findOne(User, { where: { role: 'admin', active: true }, order: { id: 'ASC' } });
    if (!admin) throw notFound('hook');
    return admin;
  }

  private async consume(key: string, perMinute: number): Promise<void> {
    let res: RateLimiterRes;
    try {
      res = await this.limiter.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      res = e;
    }
    if (res.consumedPoints > perMinute) {
      throw new DomainError('rate_limited', `this hook takes at most ${perMinute} requests a minute`, {}, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    }
  }
}

/** A 400 about a mapped field says which JSON path the value came from. */
function withSource(e: unknown, sources: Record<string, string>): unknown {
  if (!(e instanceof DomainError) || e.code !== 'invalid' || typeof e.extra.field !== 'string') return e;
  const field = e.extra.field;
  const path = sources[field] ?? sources[field.split('.')[0]!];
  return path ? new DomainError('invalid', `${e.message} (mapped from ${path})`, e.extra) : e;
}

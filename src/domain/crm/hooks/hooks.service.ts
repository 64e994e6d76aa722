import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, forbidden, invalid, invalidFields, notFound } from '../../../platform/common/errors';
import { newToken, sha256Hex, type SecretBox } from '../../../platform/common/crypto';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { SECRET_BOX } from '../../identity/secret-box.provider';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { newSigningKey } from '../../integrations/signing';
import { RefsService } from '../shared/refs.service';
import { ObjectType } from '../objects/object-type.entity';
import { AUTH_MODES, AuthMode, checkMapping, HOOK_TARGETS, HookTarget, MappingRow, objectFields, parsePath } from './hooks.rules';
import { InboundHook, InboundHookReceipt } from './inbound-hook.entity';

export const MAX_HOOKS = 50;
export const MAX_PER_MINUTE = 600;
export const DEFAULT_PER_MINUTE = 60;

export interface HookInput {
  name?: string;
  target?: string;
  /** The custom object's key, for target `object`. */
  object_key?: string;
  mapping?: unknown;
  auth_mode?: string;
  idempotency_path?: string;
  owner_id?: number;
  active?: boolean;
  per_minute?: number;
}

export interface HookView {
  hook: InboundHook;
  owner: User | undefined;
  /** The secret in clear: on create and rotate only. */
  secret: string | null;
}

/**
 * Inbound hooks of a workspace (admins): a name, a target kind, a mapping of the payload into its fields, an
 * authentication (a bearer secret stored hashed, or a Standard Webhooks key stored sealed) shown once at
 * creation and on rotation. Receiving is HookReceiver's.
 */
@Injectable()
export class HooksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
  ) {}

  async list(auth: UserContext): Promise<HookView[]> {
    assertAdmin(auth);
    const hooks = await this.uow.tenant(auth.workspace.id).find(InboundHook, { order: { name: 'ASC', id: 'ASC' }, take: MAX_HOOKS });
    const owners = await this.users.byIds(auth.workspace.id, hooks.map((h) => h.ownerId));
    return hooks.map((hook) => ({ hook, owner: owners.get(hook.ownerId), secret: null }));
  }

  async get(auth: UserContext, id: number): Promise<HookView> {
    assertAdmin(auth);
    return this.view(auth, await this.load(auth, id, false), null);
  }

  async create(auth: UserContext, input: HookInput): Promise<HookView> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const name = (input.name ?? '').trim();
      const target = checkTarget(input.target);
      const mode = checkMode(input.auth_mode);
      const objectKey = await this.objectKeyOf(auth, target, input.object_key);
      const mapping = await this.mappingOf(auth, target, objectKey, input.mapping);
      const problems = name ? [] : [{ field: 'name', message: 'is required' }];
      if (problems.length) throw invalidFields(problems);
      if ((await db.count(InboundHook)) >= MAX_HOOKS) throw new DomainError('conflict', `a workspace has at most ${MAX_HOOKS} inbound hooks`);
      const owner = input.owner_id !== undefined ? await this.refs.user(auth, input.owner_id, 'owner_id') : auth.user;
      const { secret, columns } = this.newSecret(mode);
      const hook = await db.save(
        InboundHook,
        db.create(InboundHook, {
          name,
          publicKey: randomBytes(16).toString('base64url'),
          target,
          objectKey,
          mapping,
          authMode: mode,
          ...columns,
          idempotencyPath: checkIdempotencyPath(input.idempotency_path),
          ownerId: owner.id,
          active: input.active ?? true,
          perMinute: checkPerMinute(input.per_minute) ?? DEFAULT_PER_MINUTE,
          received: 0,
          replayed: 0,
          lastReceivedAt: null,
        }),
      );
      return { hook, owner, secret };
    });
  }

  async update(auth: UserContext, id: number, input: HookInput): Promise<HookView> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const hook = await this.load(auth, id, true);
      if (input.name !== undefined) {
        const name = (input.name ?? '').trim();
        if (!name) throw invalid('name', 'must not be empty');
        hook.name = name;
      }
      if (input.target !== undefined) hook.target = checkTarget(input.target);
      if (input.target !== undefined || input.object_key !== undefined) hook.objectKey = await this.objectKeyOf(auth, hook.target, input.object_key ?? hook.objectKey);
      // a new target re-checks the mapping it keeps
      if (input.mapping !== undefined || input.target !== undefined || input.object_key !== undefined) hook.mapping = await this.mappingOf(auth, hook.target, hook.objectKey, input.mapping ?? hook.mapping);
      if (input.auth_mode !== undefined && checkMode(input.auth_mode) !== hook.authMode) throw invalid('auth_mode', 'changes only with a new secret: POST …/rotate with auth_mode');
      if (input.idempotency_path !== undefined) hook.idempotencyPath = checkIdempotencyPath(input.idempotency_path);
      if (input.owner_id !== undefined) hook.ownerId = (await this.refs.user(auth, input.owner_id, 'owner_id')).id;
      if (input.active !== undefined) hook.active = input.active;
      if (input.per_minute !== undefined) hook.perMinute = checkPerMinute(input.per_minute)!;
      return this.view(auth, await db.save(InboundHook, hook), null);
    });
  }

  /** A new secret (the old one stops working at once), optionally of another authentication mode. */
  async rotate(auth: UserContext, id: number, mode?: string): Promise<HookView> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const hook = await this.load(auth, id, true);
      hook.authMode = mode !== undefined ? checkMode(mode) : hook.authMode;
      const { secret, columns } = this.newSecret(hook.authMode);
      Object.assign(hook, columns);
      return this.view(auth, await db.save(InboundHook, hook), secret);
    });
  }

  /** Deletes the hook and its receipts; its URL answers 404 from then on. */
  async remove(auth: UserContext, id: number): Promise<void> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const hook = await this.load(auth, id, true);
      await db.delete(InboundHookReceipt, { hookId: hook.id });
      await db.delete(InboundHook, { id: hook.id });
    });
  }

  private async load(auth: UserContext, id: number, lock: boolean): Promise<InboundHook> {
    const hook = await this.uow.tenant(auth.workspace.id).byId(InboundHook, id, lock);
    if (!hook) throw notFound('hook');
    return hook;
  }

  /** Target `object` names an existing custom object (400 `object_key` otherwise); other targets have none. */
  private async objectKeyOf(auth: UserContext, target: HookTarget, key: string | undefined): Promise<string> {
    if (target !== 'object') return '';
    if (!key) throw invalid('object_key', 'is required for target object');
    if (!(await this.uow.tenant(auth.workspace.id).exists(ObjectType, { key }))) throw invalid('object_key', `no custom object with key "${key}"`);
    return key;
  }

  private async mappingOf(auth: UserContext, target: HookTarget, objectKey: string, mapping: unknown): Promise<MappingRow[]> {
    const type = target === 'object' ? await this.uow.tenant(auth.workspace.id).findOne(ObjectType, { where: { key: objectKey } }) : null;
    const checked = checkMapping(target, mapping, type ? objectFields(type) : undefined);
    if (checked.problems.length) throw invalidFields(checked.problems);
    return checked.rows;
  }

  private async view(auth: UserContext, hook: InboundHook, secret: string | null): Promise<HookView> {
    return { hook, owner: (await this.users.byIds(auth.workspace.id, [hook.ownerId])).get(hook.ownerId), secret };
  }

  private newSecret(mode: AuthMode): { secret: string; columns: Pick<InboundHook, 'secretHash' | 'secretSealed' | 'secretPrefix'> } {
    if (mode === 'bearer') {
      const secret = newToken('hk');
      return { secret, columns: { secretHash: sha256Hex(secret), secretSealed: null, secretPrefix: secret.slice(0, 9) } };
    }
    const secret = newSigningKey();
    return { secret, columns: { secretHash: null, secretSealed: this.box.seal(secret), secretPrefix: secret.slice(0, 12) } };
  }
}

function assertAdmin(auth: UserContext): void {
  if (!isAdmin(auth)) throw forbidden('only admins manage inbound hooks');
}

function checkTarget(target: string | undefined): HookTarget {
  if (!(HOOK_TARGETS as readonly (string | undefined)[]).includes(target)) throw invalid('target', target === undefined ? 'is required' : `must be one of ${HOOK_TARGETS.join(', ')}`);
  return target as HookTarget;
}

function checkMode(mode: string | undefined): AuthMode {
  if (mode === undefined) return 'bearer';
  if (!(AUTH_MODES as readonly string[]).includes(mode)) throw invalid('auth_mode', `must be one of ${AUTH_MODES.join(', ')}`);
  return mode as AuthMode;
}

function checkIdempotencyPath(path: string | undefined): string {
  const p = (path ?? '').trim();
  if (p && !parsePath(p)) throw invalid('idempotency_path', 'must be a JSON path like id or data.submission_id');
  return p;
}

function checkPerMinute(n: number | undefined): number | undefined {
  if (n === undefined) return undefined;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PER_MINUTE) throw invalid('per_minute', `must be a whole number from 1 to ${MAX_PER_MINUTE}`);
  return n;
}

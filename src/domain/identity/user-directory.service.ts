import { Injectable } from '@nestjs/common';
import { Brackets, IsNull } from 'typeorm';
import { DomainError, forbidden, notFound } from '../../platform/common/errors';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { AuditLog } from '../../platform/outbox/audit-log.entity';
import { AuthCache } from '../workspace/auth-cache';
import { Workspace } from '../workspace/workspace.entity';
import { AuthContext, isAdmin, UserContext } from './auth-context';
import { Credential } from './credential.entity';
import { CredentialsService } from './credentials.service';
import { User } from './user.entity';
import { InvitationsService } from './invitations.service';
import { isEmailAddress, UsersService } from './users.service';

/** What an identity provider says about a user (SCIM mapped to CRM terms by the interface). */
export interface DirectoryUserInput {
  /** SCIM userName as sent (stored lower-case as `username`, and as sent in `idpUserName`). */
  userName: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Display name; empty: built from the name parts, else from the e-mail address. */
  displayName: string;
  department: string;
  phone: string;
  externalId: string | null;
  active: boolean;
}

export type DirectoryLookup = { field: 'id' | 'userName' | 'externalId' | 'email'; value: string };

export interface DirectoryPage {
  total: number;
  users: User[];
}

/** Provisioning audit actions (the SCIM connection card lists them). */
export const DIRECTORY_ACTIONS = ['scim_user_created', 'scim_user_updated', 'scim_user_deactivated', 'scim_user_reactivated'] as const;

const DIRECTORY_LOCK = 0x73636d75; // "scmu"
const SCIM_KEY_LOCK = 0x73636b79; // "scky"
const INT_MAX = 2_147_483_647;

/**
 * Users as an identity provider manages them (SCIM, spec 3.6 and 4.11): look-ups, creation with role
 * sales, attribute changes, deactivation through `UsersService.deactivate` (the one path: sessions,
 * API keys and OAuth tokens revoked at once; never the last active admin) and reactivation, which
 * needs a free licence seat. Roles and module permissions are never changed here. Every change
 * writes an audit row; none sends a webhook event.
 */
@Injectable()
export class UserDirectoryService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
    private readonly credentials: CredentialsService,
    private readonly cache: AuthCache,
    private readonly invitations: InvitationsService,
  ) {}

  /** One page (offset = startIndex - 1) of the users matching the look-up (all users without one), by id. */
  async list(auth: AuthContext, lookup: DirectoryLookup | null, offset: number, limit: number): Promise<DirectoryPage> {
    const db = this.uow.tenant(auth.workspace.id);
    const qb = db.qb(User, 'u');
    if (lookup) {
      const value = lookup.value.trim();
      if (lookup.field === 'id') {
        if (!/^\d{1,10}$/.test(value) || Number(value) > INT_MAX || Number(value) < 1) return { total: 0, users: [] };
        qb.andWhere('u.id = :id', { id: Number(value) });
      } else if (lookup.field === 'userName') {
        // usernames are stored lower-case: the unique (workspace_id, username) index answers this
        qb.andWhere('u.username = :name', { name: value.toLowerCase() });
      } else if (lookup.field === 'email') {
        qb.andWhere('u.email = :email', { email: value.toLowerCase() });
      } else {
        qb.andWhere('u.external_id = :ext', { ext: lookup.value });
      }
    }
    const total = await qb.getCount();
    if (limit <= 0 || offset >= total) return { total, users: [] };
    const users = await qb.orderBy('u.id', 'ASC').offset(offset).limit(limit).getMany();
    return { total, users };
  }

  async get(auth: AuthContext, id: number): Promise<User> {
    const user = await this.uow.tenant(auth.workspace.id).byId(User, id);
    if (!user) throw notFound('user');
    return user;
  }

  /**
   * A new user with role sales (inactive when `active` is false); an active one needs a free seat and
   * gets a password-setup invitation by e-mail (link on the workspace's configured base).
   */
  async create(auth: AuthContext, input: DirectoryUserInput): Promise<User> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      // one provisioning change of the workspace at a time: uniqueness and seats are checked, then taken
      await db.lock(DIRECTORY_LOCK);
      await this.assertValidAndUnique(auth, input, null);
      if (input.active) await this.assertFreeSeat(ws);
      const created = await this.users.create(ws, {
        email: input.email,
        username: input.userName,
        role: 'sales',
        fullName: displayNameOf(input),
        department: input.department,
        phone: input.phone,
      });
      await db.update(User, { id: created.id }, { ...this.columns(input, created.fullName), active: input.active });
      await this.audit(auth, 'scim_user_created', created.id, input.userName, { active: input.active });
      const user = await db.byId(User, created.id);
      if (!user) throw notFound('user');
      if (user.active) await this.invitations.invite(ws, user);
      return user;
    });
  }

  /**
   * Changes a user as `change` (PUT: the new resource; PATCH: the operations applied to the current one)
   * describes it, with the user locked: attributes first, then deactivation or reactivation (which
   * invites a user who never set a password).
   */
  async modify(auth: AuthContext, id: number, change: (current: User) => DirectoryUserInput): Promise<User> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      await db.lock(DIRECTORY_LOCK);
      const current = await db.byId(User, id, true);
      if (!current) throw notFound('user');
      const input = change(current);
      await this.assertValidAndUnique(auth, input, id);
      const columns = this.columns(input, current.fullName);
      const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => columns[k] !== current[k]);
      if (changed.length) {
        await db.update(User, { id }, columns);
        await this.audit(auth, 'scim_user_updated', id, columns.username, { fields: changed });
      }
      if (input.active && !current.active) {
        await this.assertFreeSeat(ws);
        await db.update(User, { id }, { active: true });
        await this.audit(auth, 'scim_user_reactivated', id, columns.username);
      } else if (!input.active && current.active) {
        await this.deactivateLocked(auth, id, columns.username);
      }
      // name, department and activity feed the auth context (team ids, the user row): drop it everywhere
      if (changed.length || input.active !== current.active) await this.cache.invalidateUser(ws.id, id);
      const user = await db.byId(User, id);
      if (!user) throw notFound('user');
      if (user.active && !current.active && !user.passwordHash) await this.invitations.invite(ws, user);
      return user;
    });
  }

  /** DELETE: the user stays, inactive (spec 3.6). */
  async deactivate(auth: AuthContext, id: number): Promise<void> {
    await this.uow.run(async () => {
      // the same order of locks as modify(): directory, user, then the admins (UsersService.deactivate)
      await this.uow.tenant(auth.workspace.id).lock(DIRECTORY_LOCK);
      const user = await this.uow.tenant(auth.workspace.id).byId(User, id, true);
      if (!user) throw notFound('user');
      await this.deactivateLocked(auth, id, user.username, user.active);
    });
  }

  /** The SCIM key of the workspace (admins): a new one, the previous ones revoked; the token is shown once. */
  async rotateKey(auth: UserContext): Promise<{ token: string; credential: Credential }> {
    if (!isAdmin(auth)) throw forbidden('only admins manage the SCIM connection');
    const ws = auth.workspace;
    return this.uow.run(async () => {
      const db = this.uow.tenant(ws.id);
      await db.lock(SCIM_KEY_LOCK);
      const old = await db.find(Credential, { where: { kind: 'scim', revokedAt: IsNull() } });
      for (const c of old) await this.credentials.revoke(ws.id, c.id, auth.user.id);
      return this.credentials.issue({ workspaceId: ws.id, kind: 'scim', name: 'SCIM key', userId: null });
    });
  }

  /** The SCIM connection card (admins): the active key (never the token) and the last provisioning operations. */
  async connection(auth: UserContext, limit = 20): Promise<{ key: Credential | null; operations: AuditLog[] }> {
    if (!isAdmin(auth)) throw forbidden('only admins manage the SCIM connection');
    const db = this.uow.tenant(auth.workspace.id);
    const key = await db.findOne(Credential, { where: { kind: 'scim', revokedAt: IsNull() }, order: { id: 'DESC' } });
    const operations = await db
      .qb(AuditLog, 'a')
      .andWhere('a.action IN (:...actions)', { actions: [...DIRECTORY_ACTIONS] })
      .orderBy('a.at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .limit(Math.min(Math.max(limit, 1), 100))
      .getMany();
    return { key, operations };
  }

  private async deactivateLocked(auth: AuthContext, id: number, username: string, wasActive = true): Promise<void> {
    // the one deactivation path: refuses the last active admin (409), revokes every credential, drops caches
    const r = await this.users.deactivate(auth.workspace.id, id, null);
    await this.audit(auth, 'scim_user_deactivated', id, username, { was_active: wasActive, revoked_credentials: r.revoked });
  }

  /** The user columns of the input; without a display name or name parts the full name stays `fallbackName`. */
  private columns(input: DirectoryUserInput, fallbackName: string) {
    return {
      username: input.userName.trim().toLowerCase(),
      idpUserName: input.userName.trim(),
      email: input.email.trim().toLowerCase(),
      fullName: displayNameOf(input) || fallbackName,
      givenName: input.givenName,
      familyName: input.familyName,
      department: input.department.trim(),
      phone: input.phone,
      externalId: input.externalId,
    };
  }

  /** 409 `duplicate` when another user has the userName or the e-mail address (letter case ignored). */
  private async assertValidAndUnique(auth: AuthContext, input: DirectoryUserInput, selfId: number | null): Promise<void> {
    const username = input.userName.trim().toLowerCase();
    const email = input.email.trim().toLowerCase();
    if (!username || username.length > 254) throw new DomainError('invalid', 'userName: 1-254 characters');
    if (!isEmailAddress(email)) throw new DomainError('invalid', `emails: ${JSON.stringify(email.slice(0, 100))} is not a valid e-mail address (without emails, userName must be one)`);
    const qb = this.uow
      .tenant(auth.workspace.id)
      .qb(User, 'u')
      .andWhere(new Brackets((w) => w.where('u.username IN (:...names)', { names: [username, email] }).orWhere('u.email IN (:...names)', { names: [username, email] })));
    if (selfId !== null) qb.andWhere('u.id <> :self', { self: selfId });
    const other = await qb.getOne();
    if (other) {
      const what = other.username === username || other.email === username ? `userName ${username}` : `e-mail address ${email}`;
      throw new DomainError('duplicate', `another user already has the ${what}`);
    }
  }

  /** Active users < licence seats (null: unlimited); callers hold DIRECTORY_LOCK, so two activations cannot both take the last seat. */
  private async assertFreeSeat(ws: Workspace): Promise<void> {
    const seats = ws.license?.seats;
    if (seats === null || seats === undefined) return;
    const db = this.uow.tenant(ws.id);
    const used = await db.count(User, { active: true });
    if (used >= seats) throw new DomainError('forbidden', `no free licence seat: ${used} of ${seats} seats are taken by active users`, { reason: 'no_seat' });
  }

  private audit(auth: AuthContext, action: (typeof DIRECTORY_ACTIONS)[number], userId: number, subject: string, detail: Record<string, unknown> = {}): Promise<void> {
    return this.uow.audit({ workspaceId: auth.workspace.id, action, userId: null, subject, detail: { user_id: userId, credential_id: auth.credential.id, ...detail } });
  }
}

function displayNameOf(input: DirectoryUserInput): string {
  const shown = input.displayName.trim() || [input.givenName.trim(), input.familyName.trim()].filter(Boolean).join(' ');
  return shown.slice(0, 200);
}

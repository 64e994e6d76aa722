import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { SecretBox } from '../../platform/common/crypto';
import { DomainError, forbidden, notFound } from '../../platform/common/errors';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { AuthCache } from '../workspace/auth-cache';
import { ALL_MODULES, ALL_PERMISSIONS } from '../workspace/defaults';
import { Workspace } from '../workspace/workspace.entity';
import { isAdmin, UserContext } from './auth-context';
import { hashPassword, isWeakPassword } from './password';
import { CredentialsService } from './credentials.service';
import { SECRET_BOX } from './secret-box.provider';
import { newTotpSecret, totpUri } from './totp';
import { Role, User } from './user.entity';

export interface CreateUserInput {
  email: string;
  password?: string;
  fullName?: string;
  role: Role;
  department?: string;
  username?: string;
  modules?: string[];
  phone?: string;
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,188}\.[^\s@]{2,63}$/;

/** The e-mail address rule of user accounts (lower-case, trimmed input). */
export const isEmailAddress = (email: string): boolean => EMAIL_RE.test(email);

/** The languages the app and its e-mails are written in. */
export const USER_LOCALES = ['en', 'tr'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];

@Injectable()
export class UsersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cache: AuthCache,
    private readonly credentials: CredentialsService,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  async create(ws: Workspace, input: CreateUserInput): Promise<User> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL_RE.test(email)) throw new DomainError('invalid', 'email: not a valid e-mail address');
    if (!['admin', 'sales'].includes(input.role)) throw new DomainError('invalid', 'role: must be admin or sales');
    const username = (input.username ?? email).trim().toLowerCase();
    if (!username || username.length > 254) throw new DomainError('invalid', 'username: 1-254 characters');
    const modules = input.modules ?? [...ALL_MODULES];
    const unknown = modules.filter((m) => !ALL_MODULES.includes(m) && !ALL_PERMISSIONS.includes(m));
    if (unknown.length) throw new DomainError('invalid', `modules: unknown module(s) ${unknown.join(', ')}`);
    if (input.password !== undefined && input.password.length < 8) throw new DomainError('invalid', 'password: at least 8 characters');
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const taken = await db.exists(User, [{ username }, { email }]);
      if (taken) throw new DomainError('conflict', `a user with username ${username} or e-mail ${email} already exists`);
      const user = await db.save(
        User,
        db.create(User, {
          username,
          email,
          fullName: input.fullName?.trim() || nameFromEmail(email),
          role: input.role,
          department: input.department?.trim() ?? '',
          phone: input.phone ?? '',
          modules,
          active: true,
          passwordHash,
          weakPassword: input.password ? isWeakPassword(input.password, username) : false,
        }),
      );
      await this.uow.audit({ workspaceId: ws.id, action: 'user_created', userId: user.id, subject: username });
      // a new member of a department changes its colleagues' team ids
      await this.cache.invalidateUser(ws.id, user.id);
      return user;
    });
  }

  listActive(workspaceId: number): Promise<User[]> {
    return this.uow.tenant(workspaceId).find(User, { where: { active: true }, order: { fullName: 'ASC', id: 'ASC' } });
  }

  /** Users by id (one query), for owner / assignee summaries in lists. */
  async byIds(workspaceId: number, ids: Iterable<number | null | undefined>): Promise<Map<number, User>> {
    const unique = [...new Set([...ids].filter((x): x is number => typeof x === 'number'))];
    if (!unique.length) return new Map();
    const users = await this.uow.tenant(workspaceId).find(User, { where: { id: In(unique) } });
    return new Map(users.map((u) => [u.id, u]));
  }

  async get(workspaceId: number, id: number): Promise<User> {
    const user = await this.uow.tenant(workspaceId).byId(User, id);
    if (!user) throw notFound('user');
    return user;
  }

  async getByUsername(workspaceId: number, username: string): Promise<User> {
    const user = await this.uow.tenant(workspaceId).findOne(User, { where: { username: username.trim().toLowerCase() } });
    if (!user) throw notFound('user');
    return user;
  }

  /** A user by username or e-mail address (the admin CLI's --user). */
  async getByLogin(workspaceId: number, login: string): Promise<User> {
    const name = login.trim().toLowerCase();
    const user = await this.uow.tenant(workspaceId).findOne(User, { where: [{ username: name }, { email: name }] });
    if (!user) throw notFound('user');
    return user;
  }

  /** Turns two-factor on; returns the seed (shown once) and its otpauth:// URI. */
  async enableTotp(workspaceId: number, userId: number): Promise<{ secret: string; uri: string }> {
    const user = await this.get(workspaceId, userId);
    const secret = newTotpSecret();
    await this.uow.run(async () => {
      await this.uow.tenant(workspaceId).update(User, { id: userId }, { totpSecret: this.secrets.seal(secret), totpLastStep: null });
      await this.cache.invalidateUser(workspaceId, userId);
      await this.uow.audit({ workspaceId, action: 'totp_enabled', userId, subject: user.username });
    });
    return { secret, uri: totpUri(secret, user.username) };
  }

  /** Sets the language the user reads the app in (null: the workspace's). */
  async setLocale(workspaceId: number, userId: number, locale: UserLocale | null): Promise<void> {
    await this.uow.run(async () => {
      await this.uow.tenant(workspaceId).update(User, { id: userId }, { locale });
      await this.cache.invalidateUser(workspaceId, userId);
    });
  }

  totpSecretOf(user: User): string | null {
    return user.totpSecret ? this.secrets.open(user.totpSecret) : null;
  }

  /**
   * Grants or withdraws a permission (PERMISSIONS: `import`), kept in the user's modules list; audited (with
   * the admin who did it, when one did: the CLI has none) and the auth caches told, so the user's next
   * request sees it. The one place that changes a permission (admin CLI, REST, the Users page).
   */
  async setPermission(workspaceId: number, userId: number, permission: string, on: boolean, actorUserId: number | null = null): Promise<User> {
    if (!ALL_PERMISSIONS.includes(permission)) throw new DomainError('invalid', `permission: must be one of ${ALL_PERMISSIONS.join(', ')}`);
    const db = this.uow.tenant(workspaceId);
    const user = await this.uow.run(async () => {
      const found = await db.byId(User, userId, true);
      if (!found) throw notFound('user');
      const modules = on ? [...new Set([...found.modules, permission])] : found.modules.filter((m) => m !== permission);
      await db.update(User, { id: userId }, { modules });
      await this.uow.audit({ workspaceId, action: on ? 'permission_granted' : 'permission_withdrawn', userId: actorUserId, subject: found.username, detail: { user_id: userId, permission } });
      return { ...found, modules };
    });
    await this.cache.invalidateUser(workspaceId, userId);
    return user;
  }

  /** An admin's change of a user's permission (REST and the Users page); others get 403 `forbidden`. */
  changePermission(auth: UserContext, userId: number, permission: string, on: boolean): Promise<User> {
    requireAdmin(auth, 'only admins change permissions');
    return this.setPermission(auth.workspace.id, userId, permission, on, auth.user.id);
  }

  /** The active users with the permissions they hold, for admins (admins hold every permission). */
  async permissions(auth: UserContext): Promise<{ user: User; permissions: string[] }[]> {
    requireAdmin(auth, 'only admins see permissions');
    return (await this.listActive(auth.workspace.id)).map((user) => ({ user, permissions: user.role === 'admin' ? [...ALL_PERMISSIONS] : ALL_PERMISSIONS.filter((p) => user.modules.includes(p)) }));
  }

  /**
   * The one place that deactivates a user (admin CLI, SCIM, admin pages): the user becomes inactive,
   * every credential of the user — sessions, API keys (they act as the user), OAuth access and refresh
   * tokens — is revoked, an audit row is written and the auth caches drop the user, all in one unit of
   * work. The last active admin of a workspace cannot be deactivated (409 `conflict`). Deactivating an
   * inactive user revokes whatever is left and changes nothing else.
   */
  async deactivate(workspaceId: number, userId: number, actorUserId: number | null = null): Promise<{ user: User; revoked: number }> {
    const db = this.uow.tenant(workspaceId);
    return this.uow.run(async () => {
      const found = await db.byId(User, userId);
      if (!found) throw notFound('user');
      if (found.role === 'admin') {
        // lock every active admin in id order first: two concurrent deactivations of the last two admins
        // queue here instead of deadlocking, and the second sees the first one's result
        const admins = await db
          .qb(User, 'u')
          .select('u.id', 'id')
          .andWhere('u.role = :role AND u.active = true', { role: 'admin' })
          .orderBy('u.id', 'ASC')
          .setLock('pessimistic_write')
          .getRawMany<{ id: number }>();
        if (admins.some((x) => x.id === userId) && !admins.some((x) => x.id !== userId)) {
          throw new DomainError('conflict', 'this is the last active admin of the workspace: make another user admin first');
        }
      }
      const user = await db.byId(User, userId, true);
      if (!user) throw notFound('user');
      const wasActive = user.active;
      if (wasActive) await db.update(User, { id: userId }, { active: false });
      const revoked = await this.credentials.revokeAllOfUser(workspaceId, userId); // also invalidates the user's cache entries
      await this.uow.audit({ workspaceId, action: 'user_deactivated', userId: actorUserId, subject: user.username, detail: { user_id: userId, was_active: wasActive, revoked_credentials: revoked } });
      user.active = false;
      return { user, revoked };
    });
  }
}

function nameFromEmail(email: string): string {
  return email
    .split('@')[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

function requireAdmin(auth: UserContext, why: string): void {
  if (!isAdmin(auth)) throw forbidden(why);
}

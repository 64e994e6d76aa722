import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { SecretBox } from '../common/crypto';
import { DomainError, notFound } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { ALL_MODULES } from '../workspace/defaults';
import { Workspace } from '../workspace/workspace.entity';
import { hashPassword, isWeakPassword } from './password';
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

@Injectable()
export class UsersService {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  async create(ws: Workspace, input: CreateUserInput): Promise<User> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL_RE.test(email)) throw new DomainError('invalid', 'email: not a valid e-mail address');
    if (!['admin', 'sales'].includes(input.role)) throw new DomainError('invalid', 'role: must be admin or sales');
    const username = (input.username ?? email).trim().toLowerCase();
    if (!username || username.length > 254) throw new DomainError('invalid', 'username: 1-254 characters');
    const modules = input.modules ?? [...ALL_MODULES];
    const unknown = modules.filter((m) => !ALL_MODULES.includes(m));
    if (unknown.length) throw new DomainError('invalid', `modules: unknown module(s) ${unknown.join(', ')}`);
    if (input.password !== undefined && input.password.length < 8) throw new DomainError('invalid', 'password: at least 8 characters');
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    return this.uow.run(async (m) => {
      const taken = await m
        .createQueryBuilder(User, 'u')
        .where('u.workspace_id = :ws AND (u.username = :username OR u.email = :email)', { ws: ws.id, username, email })
        .getExists();
      if (taken) throw new DomainError('conflict', `a user with username ${username} or e-mail ${email} already exists`);
      const user = await m.save(
        m.create(User, {
          workspaceId: ws.id,
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
      return user;
    });
  }

  listActive(workspaceId: number): Promise<User[]> {
    return this.uow.repo(User).find({ where: { workspaceId, active: true }, order: { fullName: 'ASC', id: 'ASC' } });
  }

  /** Users by id (one query), for owner / assignee summaries in lists. */
  async byIds(workspaceId: number, ids: Iterable<number | null | undefined>): Promise<Map<number, User>> {
    const unique = [...new Set([...ids].filter((x): x is number => typeof x === 'number'))];
    if (!unique.length) return new Map();
    const users = await this.uow.repo(User).find({ where: { workspaceId, id: In(unique) } });
    return new Map(users.map((u) => [u.id, u]));
  }

  async get(workspaceId: number, id: number): Promise<User> {
    const user = await this.uow.repo(User).findOne({ where: { workspaceId, id } });
    if (!user) throw notFound('user');
    return user;
  }

  async getByUsername(workspaceId: number, username: string): Promise<User> {
    const user = await this.uow.repo(User).findOne({ where: { workspaceId, username: username.trim().toLowerCase() } });
    if (!user) throw notFound('user');
    return user;
  }

  /** Turns two-factor on; returns the seed (shown once) and its otpauth:// URI. */
  async enableTotp(workspaceId: number, userId: number): Promise<{ secret: string; uri: string }> {
    const user = await this.get(workspaceId, userId);
    const secret = newTotpSecret();
    await this.uow.run(async (m) => {
      await m.update(User, { workspaceId, id: userId }, { totpSecret: this.secrets.seal(secret) });
      await this.uow.audit({ workspaceId, action: 'totp_enabled', userId, subject: user.username });
    });
    return { secret, uri: totpUri(secret, user.username) };
  }

  totpSecretOf(user: User): string | null {
    return user.totpSecret ? this.secrets.open(user.totpSecret) : null;
  }

  async setActive(workspaceId: number, userId: number, active: boolean): Promise<void> {
    await this.uow.run((m) => m.update(User, { workspaceId, id: userId }, { active }));
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

import { accountMail } from './account-mails';
import { Inject, Injectable } from '@nestjs/common';
import { In, IsNull, MoreThan } from 'typeorm';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { newToken, sha256Hex } from '../../platform/common/crypto';
import { DomainError, forbidden, invalid, notFound } from '../../platform/common/errors';
import { addressKey } from '../../platform/common/address-key';
import { LimiterFactory } from '../../platform/database/redis.module';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { MailOutbox } from '../../platform/outbox/mail';
import { AuthCache } from '../workspace/auth-cache';
import { linkBase } from '../workspace/link-base';
import { Workspace } from '../workspace/workspace.entity';
import { isAdmin, UserContext } from './auth-context';
import { CredentialsService } from './credentials.service';
import { Invitation, PasswordLinkPurpose } from './invitation.entity';
import { hashPassword, isWeakPassword, PASSWORD_MAX, passwordProblem } from './password';
import { User } from './user.entity';

const TOKEN_RE = /^(inv|pwr)_[A-Za-z0-9_-]{43}$/;
const PREFIX: Record<PasswordLinkPurpose, string> = { invitation: 'inv', reset: 'pwr' };
/** Where each kind of link leads (the same set-password page). */
export const LINK_PATH: Record<PasswordLinkPurpose, string> = { invitation: '/invite', reset: '/reset-password' };
/** A reset link works for one hour. */
export const RESET_MINUTES = 60;
/** Reset e-mails one user receives per hour at most (more requests are answered the same and send nothing). */
const RESET_MAILS_PER_USER_HOUR = 3;
/** Users the admin page lists at once. */
const PENDING_LIMIT = 200;

/** What a link is worth: usable (whose and what for), unknown (never issued here), spent or expired, or of a deactivated user. */
export type LinkState = { state: 'valid'; user: User; purpose: PasswordLinkPurpose; expiresAt: Date } | { state: 'unknown' } | { state: 'spent' } | { state: 'inactive' };

export interface PendingUser {
  user: User;
  /** The open invitation, if one is out. */
  invitation: { createdAt: Date; expiresAt: Date } | null;
}

/**
 * Password links (spec 3.6): the invitation that sets the first password of a user the identity
 * provider creates, and the "forgot password" reset. A link carries a random token (stored as SHA-256
 * only), works once, expires (INVITATION_HOURS; resets after RESET_MINUTES) and is replaced by a newer
 * link of the same purpose. Setting a password through any link, or with the admin CLI, applies the
 * workspace's password rules, spends every open link of the user and ends the user's sessions.
 */
@Injectable()
export class InvitationsService {
  private readonly resetByAddress: RateLimiterAbstract;
  private readonly resetByUser: RateLimiterAbstract;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly mail: MailOutbox,
    private readonly cache: AuthCache,
    private readonly credentials: CredentialsService,
    limiters: LimiterFactory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // the sign-in page's budget per address (LOGIN_MAX_FAILURES per 15 minutes), counting every request
    const window = config.loginWindowMinutes * 60;
    this.resetByAddress = limiters.create('reset:address', { points: config.loginMaxFailures, duration: window, blockDuration: window });
    this.resetByUser = limiters.create('reset:user', { points: RESET_MAILS_PER_USER_HOUR, duration: 3600 });
  }

  /** Invites `user` by e-mail (in the caller's unit of work). */
  async invite(ws: Workspace, user: User): Promise<void> {
    const baseUrl = linkBase(this.config, ws.slug);
    await this.uow.run(async () => {
      const link = await this.issue(ws, user, 'invitation');
      const mail = accountMail('invitation', user.locale ?? ws.app.locale, { workspace: ws.name, fullName: user.fullName, username: user.username, link, expires: this.config.invitationHours, baseUrl });
      await this.mail.enqueue(ws.id, { kind: 'invitation', to: user.email, ...mail });
      await this.uow.audit({ workspaceId: ws.id, action: 'invitation_sent', userId: null, subject: user.username, detail: { user_id: user.id } });
    });
  }

  /**
   * Users Settings (admins): active users who have not set a password yet, with their open invitation.
   * Without SMTP_URL this is how an invitation reaches its user.
   */
  async pending(auth: UserContext): Promise<PendingUser[]> {
    requireAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    const users = await db.find(User, { where: { active: true, passwordHash: IsNull() }, order: { username: 'ASC' }, take: PENDING_LIMIT });
    if (!users.length) return [];
    const open = await db.find(Invitation, { where: { userId: In(users.map((u) => u.id)), purpose: 'invitation', usedAt: IsNull(), expiresAt: MoreThan(new Date()) } });
    const byUser = new Map(open.map((i) => [i.userId, { createdAt: i.createdAt, expiresAt: i.expiresAt }]));
    return users.map((user) => ({ user, invitation: byUser.get(user.id) ?? null }));
  }

  /** A fresh invitation link for an active user without a password, shown once to the admin (earlier links stop working); not e-mailed. */
  async reissue(auth: UserContext, userId: number): Promise<{ user: User; link: string }> {
    requireAdmin(auth);
    const ws = auth.workspace;
    return this.uow.run(async () => {
      const user = await this.uow.tenant(ws.id).byId(User, userId, true);
      if (!user || !user.active || user.passwordHash) throw notFound('user without a password');
      const link = await this.issue(ws, user, 'invitation');
      await this.uow.audit({ workspaceId: ws.id, action: 'invitation_link_shown', userId: auth.user.id, subject: user.username, detail: { user_id: user.id } });
      return { user, link };
    });
  }

  /**
   * "Forgot password": e-mails a reset link to the active user named by `login` (user name or e-mail).
   * Says nothing about whether the user exists: unknown names, deactivated users and a user's fourth
   * request within the hour return the same. Refused (rate_limited) after LOGIN_MAX_FAILURES requests of
   * one address within 15 minutes, like the sign-in.
   */
  async requestReset(ws: Workspace, login: string, clientIp: string | undefined): Promise<void> {
    await consumeOrRefuse(this.resetByAddress, addressKey(clientIp));
    const name = login.trim().toLowerCase().slice(0, 254);
    if (!name) return;
    const user = await this.uow.tenant(ws.id).findOne(User, { where: [{ username: name }, { email: name }] });
    if (!user?.active) return;
    try {
      await this.resetByUser.consume(`${ws.id}:${user.id}`);
    } catch (e) {
      if (e instanceof RateLimiterRes) return;
      throw e;
    }
    await this.uow.run(async () => {
      const link = await this.issue(ws, user, 'reset');
      const mail = accountMail('reset', user.locale ?? ws.app.locale, { workspace: ws.name, fullName: user.fullName, username: user.username, link, expires: RESET_MINUTES });
      await this.mail.enqueue(ws.id, { kind: 'password_reset', to: user.email, ...mail });
      await this.uow.audit({ workspaceId: ws.id, action: 'password_reset_sent', userId: null, subject: user.username, detail: { user_id: user.id } });
    });
  }

  /** What a link's token is worth (the set-password page asks before showing its form). */
  async linkState(ws: Workspace, token: string): Promise<LinkState> {
    if (!TOKEN_RE.test(token)) return { state: 'unknown' };
    const db = this.uow.tenant(ws.id);
    const inv = await db.findOne(Invitation, { where: { tokenHash: sha256Hex(token) } });
    if (!inv) return { state: 'unknown' };
    if (inv.usedAt || inv.expiresAt.getTime() <= Date.now()) return { state: 'spent' };
    const user = await db.byId(User, inv.userId);
    if (!user?.active) return { state: 'inactive' };
    return { state: 'valid', user, purpose: inv.purpose, expiresAt: inv.expiresAt };
  }

  /**
   * Sets the password through a link's token (POST /api/v1/invitations/accept and the set-password page):
   * once, not after expiry, not for an inactive user; the workspace's password rules apply.
   */
  async accept(ws: Workspace, token: string, password: string): Promise<User> {
    const refused = () => invalid('token', 'invalid, used or expired invitation');
    const found = await this.linkState(ws, token);
    // a deactivated user's link says so (403 inactive), every other refusal is the same 400
    if (found.state === 'inactive') throw new DomainError('inactive', 'this user is deactivated');
    if (found.state !== 'valid') throw refused();
    const passwordHash = await this.checkedHash(password, found.user);
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      // locked and checked again: two concurrent uses of one link cannot both set a password
      const inv = await db.findOne(Invitation, { where: { tokenHash: sha256Hex(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, lock: { mode: 'pessimistic_write' } });
      if (!inv) throw refused();
      const user = await db.byId(User, inv.userId, true);
      if (!user) throw refused();
      if (!user.active) throw new DomainError('inactive', 'this user is deactivated');
      await this.store(ws, user, password, passwordHash, inv.purpose === 'invitation' ? 'invitation_accepted' : 'password_reset');
      return user;
    });
  }

  /** The admin CLI's `user:password`: the workspace's rules, open links spent, sessions ended. Returns how many sessions ended. */
  async setPassword(ws: Workspace, user: User, password: string): Promise<number> {
    const passwordHash = await this.checkedHash(password, user);
    return this.uow.run(() => this.store(ws, user, password, passwordHash, 'password_set_by_admin'));
  }

  /**
   * A new link of `purpose` for `user`, replacing that purpose's open ones (in the caller's unit of work).
   * On the workspace's configured base only: whoever holds the link can set the password, so no request
   * (its Host or X-Forwarded-Host) may choose where it points.
   */
  private async issue(ws: Workspace, user: User, purpose: PasswordLinkPurpose): Promise<string> {
    const token = newToken(PREFIX[purpose]);
    const ms = purpose === 'invitation' ? this.config.invitationHours * 3_600_000 : RESET_MINUTES * 60_000;
    const db = this.uow.tenant(ws.id);
    await this.uow.run(async () => {
      await db.update(Invitation, { userId: user.id, purpose, usedAt: IsNull() }, { usedAt: new Date() });
      await db.insert(Invitation, { userId: user.id, purpose, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + ms) });
    });
    return `${linkBase(this.config, ws.slug)}${LINK_PATH[purpose]}?token=${token}`;
  }

  /** The password rules (400 `invalid`, field password), then the slow hash (outside any transaction). */
  private checkedHash(password: string, user: User): Promise<string> {
    const problem = passwordProblem(password.slice(0, PASSWORD_MAX + 1), user.username);
    if (problem) throw invalid('password', problem);
    return hashPassword(password);
  }

  /** Writes the new password: every open link of the user is spent and every session ends. */
  private async store(ws: Workspace, user: User, password: string, passwordHash: string, action: string): Promise<number> {
    const db = this.uow.tenant(ws.id);
    await db.update(Invitation, { userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
    await db.update(User, { id: user.id }, { passwordHash, weakPassword: isWeakPassword(password, user.username) });
    const ended = await this.credentials.revokeSessionsOfUser(ws.id, user.id);
    await this.cache.invalidateUser(ws.id, user.id);
    await this.uow.audit({ workspaceId: ws.id, action, userId: user.id, subject: user.username, detail: { sessions_ended: ended } });
    user.passwordHash = passwordHash;
    return ended;
  }
}

function requireAdmin(auth: UserContext): void {
  if (!isAdmin(auth)) throw forbidden('only admins manage invitations');
}

async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw new DomainError('rate_limited', `too many password reset requests from this address; try again in ${retryAfter} seconds`, {}, retryAfter);
  }
}

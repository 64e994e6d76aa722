import { Inject, Injectable } from '@nestjs/common';
import { IsNull, MoreThan } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { newToken, sha256Hex } from '../common/crypto';
import { DomainError, invalid } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { MailOutbox } from '../events/mail';
import { AuthCache } from '../workspace/auth-cache';
import { Workspace } from '../workspace/workspace.entity';
import { Invitation } from './invitation.entity';
import { hashPassword, isWeakPassword } from './password';
import { User } from './user.entity';

const TOKEN_RE = /^inv_[A-Za-z0-9_-]{43}$/;

/**
 * Password-setup invitations for users the identity provider creates (spec 3.6): a link with a random
 * token (stored as SHA-256 only) is e-mailed through the mail outbox; the token sets the password once
 * and expires after INVITATION_HOURS. A new invitation of the same user replaces the open ones.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mail: MailOutbox,
    private readonly cache: AuthCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Invites `user` (in the caller's unit of work); `baseUrl` is scheme://host of the workspace. */
  async invite(ws: Workspace, user: User, baseUrl: string): Promise<void> {
    const token = newToken('inv');
    const db = this.uow.tenant(ws);
    await this.uow.run(async () => {
      await db.update(Invitation, { userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      await db.insert(Invitation, { userId: user.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + this.config.invitationHours * 3_600_000) });
      const link = `${baseUrl}/invite?token=${token}`;
      await this.mail.enqueue(ws.id, {
        kind: 'invitation',
        to: user.email,
        subject: `Your ${ws.name} CRM account`,
        body: [
          `Hello ${user.fullName},`,
          '',
          `an account was created for you in the ${ws.name} CRM. Your user name is ${user.username}.`,
          `Set your password here (the link works once and expires in ${this.config.invitationHours} hours):`,
          '',
          link,
          '',
          `Apps and integrations: POST ${baseUrl}/api/v1/invitations/accept with {"token": "…", "password": "…"}.`,
        ].join('\n'),
      });
      await this.uow.audit({ workspaceId: ws.id, action: 'invitation_sent', userId: null, subject: user.username, detail: { user_id: user.id } });
    });
  }

  /** Sets the password through an invitation token (once; not after expiry; not for an inactive user). */
  async accept(ws: Workspace, token: string, password: string): Promise<User> {
    const refused = () => invalid('token', 'invalid, used or expired invitation');
    if (!TOKEN_RE.test(token)) throw refused();
    if (password.length < 8) throw invalid('password', 'at least 8 characters');
    const passwordHash = await hashPassword(password);
    const db = this.uow.tenant(ws);
    return this.uow.run(async () => {
      const inv = await db.findOne(Invitation, { where: { tokenHash: sha256Hex(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, lock: { mode: 'pessimistic_write' } });
      if (!inv) throw refused();
      const user = await db.byId(User, inv.userId, true);
      if (!user) throw refused();
      if (!user.active) throw new DomainError('inactive', 'this user is deactivated');
      await db.update(Invitation, { id: inv.id }, { usedAt: new Date() });
      await db.update(User, { id: user.id }, { passwordHash, weakPassword: isWeakPassword(password, user.username) });
      await this.cache.invalidateUser(ws.id, user.id);
      await this.uow.audit({ workspaceId: ws.id, action: 'invitation_accepted', userId: user.id, subject: user.username });
      user.passwordHash = passwordHash;
      return user;
    });
  }
}

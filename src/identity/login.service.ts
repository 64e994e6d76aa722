import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { AuditLog } from '../events/audit-log.entity';
import { Workspace } from '../workspace/workspace.entity';
import { WorkspaceService } from '../workspace/workspace.service';
import { CredentialsService } from './credentials.service';
import { hashPassword, verifyPassword } from './password';
import { verifyTotp } from './totp';
import { User } from './user.entity';
import { UsersService } from './users.service';

export interface LoginInput {
  username: string;
  password: string;
  otp?: string;
  device?: string;
}

let dummyHash: Promise<string> | undefined;

/** Password sign-in with optional TOTP, per-username failure limit, and session tokens (`xk_`). */
@Injectable()
export class LoginService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
    private readonly credentials: CredentialsService,
    private readonly workspaces: WorkspaceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(ws: Workspace, input: LoginInput): Promise<{ token: string; user: User }> {
    const username = input.username.trim().toLowerCase();
    await this.refuseWhenLimited(ws, username);

    const user = await this.uow.repo(User).findOne({ where: [{ workspaceId: ws.id, username }, { workspaceId: ws.id, email: username }] });
    // verify against a dummy hash when the user is unknown, so timing does not tell which usernames exist
    const hash = user?.passwordHash ?? (await (dummyHash ??= hashPassword('dummy-password-for-timing')));
    const passwordOk = (await verifyPassword(hash, input.password)) && !!user?.passwordHash;
    if (!user || !passwordOk) {
      await this.fail(ws, username, 'bad_credentials');
      throw new DomainError('unauthorized', 'invalid username or password');
    }
    if (!user.active) {
      await this.uow.audit({ workspaceId: ws.id, action: 'login_refused', userId: user.id, subject: username, detail: { reason: 'inactive' } });
      throw new DomainError('inactive', 'this user is deactivated');
    }
    if (this.workspaces.licenseView(ws).blocked) {
      throw new DomainError('license_blocked', 'the licence of this workspace is blocked or expired');
    }
    const secret = this.users.totpSecretOf(user);
    if (secret) {
      if (!input.otp) throw new DomainError('otp_required', 'two-factor authentication: repeat the request with the 6-digit otp', { otp_required: true });
      if (!verifyTotp(secret, input.otp)) {
        await this.fail(ws, username, 'bad_otp');
        throw new DomainError('unauthorized', 'invalid one-time code');
      }
    }
    return this.uow.run(async (m) => {
      const expiresAt = new Date(Date.now() + this.config.apiTokenDays * 86_400_000);
      const { token } = await this.credentials.issue({ workspaceId: ws.id, kind: 'session', userId: user.id, name: input.device?.trim() || 'session', expiresAt });
      await m.update(User, { workspaceId: ws.id, id: user.id }, { lastLoginAt: new Date() });
      await this.uow.audit({ workspaceId: ws.id, action: 'login', userId: user.id, subject: username, detail: { device: input.device ?? '' } });
      return { token, user };
    });
  }

  private async fail(ws: Workspace, username: string, reason: string): Promise<void> {
    await this.uow.audit({ workspaceId: ws.id, action: 'login_failed', subject: username, detail: { reason } });
  }

  private async refuseWhenLimited(ws: Workspace, username: string): Promise<void> {
    const windowMs = this.config.loginWindowMinutes * 60_000;
    const since = new Date(Date.now() - windowMs);
    const row = await this.uow.repo(AuditLog)
      .createQueryBuilder('a')
      .select('count(*)::int', 'n')
      .addSelect('min(a.at)', 'oldest')
      .where('a.workspace_id = :ws AND a.action = :action AND a.subject = :username AND a.at > :since', { ws: ws.id, action: 'login_failed', username, since })
      .getRawOne<{ n: number; oldest: Date | null }>();
    if (row && row.n >= this.config.loginMaxFailures && row.oldest) {
      const retryAfter = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + windowMs - Date.now()) / 1000));
      throw new DomainError('rate_limited', `too many failed sign-ins for this username; try again in ${retryAfter} seconds`, {}, retryAfter);
    }
  }
}

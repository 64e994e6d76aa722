import { setTimeout as sleep } from 'node:timers/promises';
import { IsNull, LessThan, Or } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../common/errors';
import { addressKey } from '../common/http/throttle';
import { UnitOfWork } from '../database/unit-of-work';
import { LimiterFactory } from '../database/redis.module';
import { Workspace } from '../workspace/workspace.entity';
import { WorkspaceService } from '../workspace/workspace.service';
import { CredentialsService } from './credentials.service';
import { hashPassword, verifyPassword } from './password';
import { totpStep } from './totp';
import { User } from './user.entity';
import { UsersService } from './users.service';

export interface LoginInput {
  username: string;
  password: string;
  otp?: string;
  device?: string;
}

let dummyHash: Promise<string> | undefined;

const DAY_SECONDS = 86_400;
/** Per-username slow-down: each failure beyond LOGIN_MAX_FAILURES adds this much wait, up to the cap. */
export const USERNAME_DELAY_STEP_MS = 250;
export const USERNAME_DELAY_MAX_MS = 3_000;

/**
 * Password sign-in with optional TOTP and session tokens (`xk_`), protected after rate-limiter-flexible's
 * login-endpoint pattern:
 * - failures per (username, client address): after LOGIN_MAX_FAILURES, 429 for that pair for 15 minutes;
 *   a successful sign-in resets it;
 * - failures per client address (LOGIN_ADDRESS_MAX_FAILURES a day, over all usernames and workspaces);
 * - a username alone is only slowed down (a growing wait, capped), never refused: its owner signs in
 *   from another address with the right password however many addresses attack it.
 * Every failure also leaves an audit row. A TOTP code is accepted once (users.totp_last_step).
 */
@Injectable()
export class LoginService {
  private readonly byPair: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly byUsername: RateLimiterAbstract;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
    private readonly credentials: CredentialsService,
    private readonly workspaces: WorkspaceService,
    limiters: LimiterFactory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const window = config.loginWindowMinutes * 60;
    this.byPair = limiters.create('login:pair', { points: config.loginMaxFailures, duration: window, blockDuration: window });
    this.byAddress = limiters.create('login:address', { points: config.loginAddressMaxFailures, duration: DAY_SECONDS });
    // counts only; never refuses (its points are out of reach)
    this.byUsername = limiters.create('login:username', { points: 1_000_000_000, duration: window });
  }

  async login(ws: Workspace, input: LoginInput, clientIp?: string): Promise<{ token: string; user: User }> {
    const username = input.username.trim().toLowerCase();
    const address = addressKey(clientIp);
    const keys = { pair: `${ws.id}:${username}:${address}`, address, username: `${ws.id}:${username}` };
    await this.refuseWhenLimited(keys);

    const db = this.uow.tenant(ws.id);
    const user = await db.findOne(User, { where: [{ username }, { email: username }] });
    // verify against a dummy hash when the user is unknown, so timing does not tell which usernames exist
    const hash = user?.passwordHash ?? (await (dummyHash ??= hashPassword('dummy-password-for-timing')));
    const passwordOk = (await verifyPassword(hash, input.password)) && !!user?.passwordHash;
    if (!user || !passwordOk) {
      await this.fail(ws, keys, username, 'bad_credentials');
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
    let step: number | null = null;
    if (secret) {
      if (!input.otp) throw new DomainError('otp_required', 'two-factor authentication: repeat the request with the 6-digit otp', { otp_required: true });
      step = totpStep(secret, input.otp);
      if (step === null) {
        await this.fail(ws, keys, username, 'bad_otp');
        throw new DomainError('unauthorized', 'invalid one-time code');
      }
    }
    const session = await this.uow.run(async () => {
      if (step !== null) {
        // the code's step must be newer than the last accepted one; two concurrent uses cannot both pass
        const affected = await db.update(User, { id: user.id, totpLastStep: Or(IsNull(), LessThan(step)) }, { totpLastStep: step });
        if (!affected) return null;
      }
      const expiresAt = new Date(Date.now() + this.config.apiTokenDays * 86_400_000);
      const { token } = await this.credentials.issue({ workspaceId: ws.id, kind: 'session', userId: user.id, name: input.device?.trim() || 'session', expiresAt });
      await db.update(User, { id: user.id }, { lastLoginAt: new Date() });
      await this.uow.audit({ workspaceId: ws.id, action: 'login', userId: user.id, subject: username, detail: { device: input.device ?? '' } });
      return { token, user };
    });
    if (!session) {
      await this.fail(ws, keys, username, 'otp_reused');
      throw new DomainError('unauthorized', 'invalid one-time code');
    }
    await this.byPair.delete(keys.pair).catch(() => undefined);
    return session;
  }

  private async fail(ws: Workspace, keys: LimitKeys, username: string, reason: string): Promise<void> {
    await Promise.all([consumeQuietly(this.byPair, keys.pair), consumeQuietly(this.byAddress, keys.address), consumeQuietly(this.byUsername, keys.username)]);
    await this.uow.audit({ workspaceId: ws.id, action: 'login_failed', subject: username, detail: { reason, address: keys.address } });
  }

  private async refuseWhenLimited(keys: LimitKeys): Promise<void> {
    const [pair, address, username] = await Promise.all([this.byPair.get(keys.pair), this.byAddress.get(keys.address), this.byUsername.get(keys.username)]);
    if (pair && pair.consumedPoints >= this.byPair.points) {
      throw limited(pair, 'too many failed sign-ins for this username from this address');
    }
    if (address && address.consumedPoints >= this.byAddress.points) {
      throw limited(address, 'too many failed sign-ins from this address');
    }
    const wait = usernameDelayMs(username?.consumedPoints ?? 0, this.config.loginMaxFailures);
    if (wait > 0) await sleep(wait);
  }
}

interface LimitKeys {
  pair: string;
  address: string;
  username: string;
}

/** The wait before checking a password for a username with `failures` recent failures from anywhere. */
export function usernameDelayMs(failures: number, freeFailures: number): number {
  return Math.min(USERNAME_DELAY_MAX_MS, Math.max(0, failures - freeFailures) * USERNAME_DELAY_STEP_MS);
}

function limited(res: RateLimiterRes, message: string): DomainError {
  const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new DomainError('rate_limited', `${message}; try again in ${retryAfter} seconds`, {}, retryAfter);
}

async function consumeQuietly(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
  }
}

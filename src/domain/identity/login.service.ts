import { setTimeout as sleep } from 'node:timers/promises';
import { IsNull, LessThan, Or } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { SecretBox, sha256Hex } from '../../platform/common/crypto';
import { DomainError } from '../../platform/common/errors';
import { addressKey } from '../../platform/common/address-key';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { LimiterFactory } from '../../platform/database/redis.module';
import { Workspace } from '../workspace/workspace.entity';
import { WorkspaceService } from '../workspace/workspace.service';
import { CredentialsService } from './credentials.service';
import { hashPassword, verifyPassword } from './password';
import { SECRET_BOX } from './secret-box.provider';
import { totpStep } from './totp';
import { User } from './user.entity';
import { UsersService } from './users.service';

export interface LoginInput {
  username: string;
  password: string;
  otp?: string;
  device?: string;
}

/** A session opened by a sign-in: its token (`xk_`), the user and when the token expires. */
export interface OpenedSession {
  token: string;
  user: User;
  expiresAt: Date;
}

let dummyHash: Promise<string> | undefined;

const DAY_SECONDS = 86_400;
/** Per-username slow-down: each failure beyond LOGIN_MAX_FAILURES adds this much wait, up to the cap. */
export const USERNAME_DELAY_STEP_MS = 250;
export const USERNAME_DELAY_MAX_MS = 3_000;

/**
 * Password sign-in with optional TOTP and session tokens (`xk_`), protected after rate-limiter-flexible's
 * login-endpoint pattern. The "account" the limits count is the resolved user (the typed name resolved by
 * username or e-mail, as the sign-in does), so `s2` and `s2@demo.local` share one budget; a name that
 * resolves to no user counts under the normalised name itself (the same way, so no enumeration signal).
 * - failures per (account, client address): after LOGIN_MAX_FAILURES, 429 for that pair for 15 minutes;
 *   a successful sign-in resets it;
 * - failures per client address (LOGIN_ADDRESS_MAX_FAILURES a day, over all usernames and workspaces);
 * - an account alone is only slowed down (a growing wait, capped), never refused: its owner signs in
 *   from another address with the right password however many addresses attack it;
 * - wrong one-time codes per user over all addresses: after LOGIN_OTP_MAX_FAILURES in 15 minutes, 429 for
 *   that user's code step until the window ends (only someone who has the password reaches that step).
 * Every failure also leaves an audit row. A TOTP code is accepted once (users.totp_last_step).
 */
@Injectable()
export class LoginService {
  private readonly byPair: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly byUsername: RateLimiterAbstract;
  private readonly byCodeUser: RateLimiterAbstract;
  /** Seals the pending proofs of browser sign-ins with a key of their own. */
  private readonly pendingBox: SecretBox;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
    private readonly credentials: CredentialsService,
    private readonly workspaces: WorkspaceService,
    limiters: LimiterFactory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SECRET_BOX) secrets: SecretBox,
  ) {
    this.pendingBox = new SecretBox(secrets.derive('signin-pending'));
    const window = config.loginWindowMinutes * 60;
    this.byPair = limiters.create('login:pair', { points: config.loginMaxFailures, duration: window, blockDuration: window });
    this.byAddress = limiters.create('login:address', { points: config.loginAddressMaxFailures, duration: DAY_SECONDS });
    // counts only; never refuses (its points are out of reach)
    this.byUsername = limiters.create('login:username', { points: 1_000_000_000, duration: window });
    this.byCodeUser = limiters.create('login:otp-user', { points: config.loginOtpMaxFailures, duration: window, blockDuration: window });
  }

  async login(ws: Workspace, input: LoginInput, clientIp?: string): Promise<OpenedSession> {
    const { user, keys, username } = await this.checkPassword(ws, input.username, input.password, clientIp);
    return this.secondFactor(ws, user, keys, username, input.otp, input.device);
  }

  /**
   * Browser sign-in, first step: the password. A user without two-factor gets a session; a user with it
   * gets a pending proof (sealed: workspace, user, a fingerprint of the password hash, 5 minutes) that the
   * code step takes instead of the password, so the page never asks for the password twice.
   */
  async signInWithPassword(ws: Workspace, input: LoginInput, clientIp?: string): Promise<OpenedSession | { pending: string }> {
    const { user, keys, username } = await this.checkPassword(ws, input.username, input.password, clientIp);
    if (this.users.totpSecretOf(user) && !input.otp) return { pending: this.sealPending(ws, user, username) };
    return this.secondFactor(ws, user, keys, username, input.otp, input.device);
  }

  /**
   * Browser sign-in, second step: the pending proof of the first and the 6-digit code, under the same
   * limits as a sign-in. Null when the proof is unreadable, older than 5 minutes, of another workspace,
   * spent (a code was accepted since), or the password changed since (the page asks for the password again).
   */
  async signInWithCode(ws: Workspace, input: { pending: string; otp?: string; device?: string }, clientIp?: string): Promise<OpenedSession | null> {
    const proof = this.openPending(ws, input.pending);
    if (!proof) return null;
    const keys = limitKeys(ws, userAccount(proof.u), clientIp);
    await this.refuseWhenLimited(keys);
    const user = await this.uow.tenant(ws.id).findOne(User, { where: { id: proof.u } });
    // a changed password, or a code accepted since (this proof's or any sign-in's): the proof is spent
    if (!user?.passwordHash || passwordFingerprint(user.passwordHash) !== proof.h || (user.totpLastStep ?? null) !== proof.s) return null;
    this.checkUsable(ws, user);
    return this.secondFactor(ws, user, keys, proof.n, input.otp, input.device);
  }

  /** Limits, then the password (timing-safe for unknown usernames), an active user and a usable licence. */
  private async checkPassword(ws: Workspace, rawUsername: string, password: string, clientIp?: string): Promise<{ user: User; keys: LimitKeys; username: string }> {
    const username = rawUsername.trim().toLowerCase();
    const user = await this.uow.tenant(ws.id).findOne(User, { where: [{ username }, { email: username }] });
    const keys = limitKeys(ws, user ? userAccount(user.id) : `n:${username}`, clientIp);
    await this.refuseWhenLimited(keys);

    // verify against a dummy hash when the user is unknown, so timing does not tell which usernames exist
    const hash = user?.passwordHash ?? (await (dummyHash ??= hashPassword('dummy-password-for-timing')));
    const passwordOk = (await verifyPassword(hash, password)) && !!user?.passwordHash;
    if (!user || !passwordOk) {
      await this.fail(ws, keys, username, 'bad_credentials');
      throw new DomainError('unauthorized', 'invalid username or password');
    }
    if (!user.active) {
      await this.uow.audit({ workspaceId: ws.id, action: 'login_refused', userId: user.id, subject: username, detail: { reason: 'inactive' } });
    }
    this.checkUsable(ws, user);
    return { user, keys, username };
  }

  private checkUsable(ws: Workspace, user: User): void {
    if (!user.active) throw new DomainError('inactive', 'this user is deactivated');
    if (this.workspaces.licenseView(ws).blocked) {
      throw new DomainError('license_blocked', 'the licence of this workspace is blocked or expired');
    }
  }

  /** The 6-digit code when two-factor is on (each code once), then the session. */
  private async secondFactor(ws: Workspace, user: User, keys: LimitKeys, username: string, otp: string | undefined, device: string | undefined): Promise<OpenedSession> {
    const db = this.uow.tenant(ws.id);
    const secret = this.users.totpSecretOf(user);
    let step: number | null = null;
    if (secret) {
      if (!otp) throw new DomainError('otp_required', 'two-factor authentication: repeat the request with the 6-digit otp', { otp_required: true });
      const codes = await this.byCodeUser.get(codeKey(ws, user));
      if (codes && codes.consumedPoints >= this.byCodeUser.points) throw limited(codes, 'too many wrong one-time codes for this user');
      step = totpStep(secret, otp);
      if (step === null) {
        await this.fail(ws, keys, username, 'bad_otp', user);
        throw new DomainError('unauthorized', 'invalid one-time code');
      }
    }
    const session = await this.uow.run(async () => {
      if (step !== null) {
        // the code's step must be newer than the last accepted one; two concurrent uses cannot both pass
        const affected = await db.update(User, { id: user.id, totpLastStep: Or(IsNull(), LessThan(step)) }, { totpLastStep: step });
        if (!affected) return null;
      }
      return this.openSession(ws, user, username, device);
    });
    if (!session) {
      await this.fail(ws, keys, username, 'otp_reused', user);
      throw new DomainError('unauthorized', 'invalid one-time code');
    }
    // the wrong-code count is not reset by a success: it caps wrong codes per user in the window, whoever typed them
    await this.byPair.delete(keys.pair).catch(() => undefined);
    return session;
  }

  /**
   * Right after a password link set the user's password: a session without asking for the password again,
   * or null when two-factor is on (the mailbox alone must not pass both factors: the sign-in page asks)
   * or the user cannot sign in (deactivated, licence blocked: the sign-in page says why).
   */
  async signInAfterPasswordLink(ws: Workspace, user: User, device: string): Promise<OpenedSession | null> {
    if (this.users.totpSecretOf(user)) return null;
    try {
      this.checkUsable(ws, user);
    } catch (e) {
      if (e instanceof DomainError) return null;
      throw e;
    }
    return this.openSession(ws, user, user.username, device);
  }

  /** A session token (`xk_`, API_TOKEN_DAYS) of a user who passed every check, with its audit row. */
  private async openSession(ws: Workspace, user: User, username: string, device: string | undefined): Promise<OpenedSession> {
    return this.uow.run(async () => {
      const expiresAt = new Date(Date.now() + this.config.apiTokenDays * 86_400_000);
      const { token } = await this.credentials.issue({ workspaceId: ws.id, kind: 'session', userId: user.id, name: device?.trim() || 'session', expiresAt });
      await this.uow.tenant(ws.id).update(User, { id: user.id }, { lastLoginAt: new Date() });
      await this.uow.audit({ workspaceId: ws.id, action: 'login', userId: user.id, subject: username, detail: { device: device ?? '' } });
      return { token, user, expiresAt };
    });
  }

  private sealPending(ws: Workspace, user: User, username: string): string {
    const proof: PendingProof = { w: ws.id, u: user.id, n: username, h: passwordFingerprint(user.passwordHash!), s: user.totpLastStep ?? null, e: Date.now() + PENDING_MS };
    return this.pendingBox.seal(JSON.stringify(proof));
  }

  private openPending(ws: Workspace, sealed: string): PendingProof | null {
    try {
      const p = JSON.parse(this.pendingBox.open(sealed)) as PendingProof;
      return p.w === ws.id && Number.isInteger(p.u) && typeof p.n === 'string' && typeof p.h === 'string' && p.s !== undefined && p.e > Date.now() ? p : null;
    } catch {
      return null;
    }
  }

  /** Counts a failure (a wrong code also against `codeOf`, the user whose code it was) and audits it. */
  private async fail(ws: Workspace, keys: LimitKeys, username: string, reason: string, codeOf?: User): Promise<void> {
    await Promise.all([
      consumeQuietly(this.byPair, keys.pair),
      consumeQuietly(this.byAddress, keys.address),
      consumeQuietly(this.byUsername, keys.username),
      codeOf && consumeQuietly(this.byCodeUser, codeKey(ws, codeOf)),
    ]);
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

/** The limits' account of a resolved user (an unresolved name counts as `n:<name>`). */
const userAccount = (userId: number): string => `u:${userId}`;

function limitKeys(ws: Workspace, account: string, clientIp: string | undefined): LimitKeys {
  const address = addressKey(clientIp);
  return { pair: `${ws.id}:${account}:${address}`, address, username: `${ws.id}:${account}` };
}

const codeKey = (ws: Workspace, user: User): string => `${ws.id}:${user.id}`;

/** How long the code step of a browser sign-in may follow its password step. */
export const PENDING_MS = 5 * 60_000;

/** The sealed proof of a browser sign-in's password step. */
interface PendingProof {
  /**
   * workspace, user (the limits' account), the username as typed (the audit's subject), password-hash fingerprint, the user's last
   * accepted TOTP step when it was made (a code accepted since spends the proof: single use without a
   * row), expiry (ms)
   */
  w: number;
  u: number;
  n: string;
  h: string;
  s: number | null;
  e: number;
}

/** Changes with the password, reveals nothing about it. */
const passwordFingerprint = (hash: string): string => sha256Hex(`signin-pending:${hash}`).slice(0, 32);

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

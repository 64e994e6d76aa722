import { Injectable } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../../platform/common/errors';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import type { UserContext } from './auth-context';
import { Credential, CredentialKind } from './credential.entity';
import { CredentialsService } from './credentials.service';

/** Active API keys a user may hold at once (a runaway script cannot fill the table). */
export const MAX_API_KEYS = 50;
/** Rows a list shows; sessions expire, keys are capped, so the lists stay short. */
const LIST_LIMIT = 200;
const NAME_MAX = 100;

export interface SessionView {
  credential: Credential;
  /** The session of this request (the browser the user is looking with). */
  current: boolean;
}

/**
 * The signed-in user's own credentials, for the Developers and Sessions pages: API keys (`sk_`, act as
 * the user with crm.read + crm.write) and session tokens (`xk_`). Every query is scoped to the
 * workspace and the user: another user's key or session is "not found". Revocation goes through
 * CredentialsService.revoke (auth cache invalidated: the next request with the token is 401).
 */
@Injectable()
export class UserCredentialsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly credentials: CredentialsService,
  ) {}

  /** Live API keys of the user, newest first. */
  apiKeys(auth: UserContext): Promise<Credential[]> {
    return this.live(auth, 'api');
  }

  /** A new API key of the user; the token is returned once (only its SHA-256 is stored). */
  async createApiKey(auth: UserContext, rawName: unknown): Promise<{ token: string; credential: Credential }> {
    const name = typeof rawName === 'string' ? rawName.trim() : '';
    if (!name) throw invalid('name', 'give the key a name, e.g. the script or tool that uses it');
    if (name.length > NAME_MAX) throw invalid('name', `at most ${NAME_MAX} characters`);
    return this.uow.run(async () => {
      const held = await this.uow
        .tenant(auth.workspace.id)
        .qb(Credential, 'c')
        .andWhere(`c.user_id = :userId AND c.kind = 'api' AND c.revoked_at IS NULL AND (c.expires_at IS NULL OR c.expires_at > now())`, { userId: auth.user.id })
        .getCount();
      if (held >= MAX_API_KEYS) throw new DomainError('invalid', `You have ${MAX_API_KEYS} active API keys: revoke one before creating another.`);
      return this.credentials.issue({ workspaceId: auth.workspace.id, kind: 'api', userId: auth.user.id, name });
    });
  }

  /** Revokes one of the user's API keys; another user's key, a revoked or an unknown one is not found. */
  revokeApiKey(auth: UserContext, id: number): Promise<void> {
    return this.revokeOwn(auth, id, 'api', 'API key');
  }

  /** Live sessions of the user (logins of the app, the settings and the OAuth sign-in), newest first. */
  async sessions(auth: UserContext): Promise<SessionView[]> {
    const rows = await this.live(auth, 'session');
    return rows.map((credential) => ({ credential, current: credential.id === auth.credential.id }));
  }

  /** Signs one of the user's sessions out (its token stops working); another user's session is not found. */
  signOutSession(auth: UserContext, id: number): Promise<void> {
    return this.revokeOwn(auth, id, 'session', 'session');
  }

  /** Signs out every session of the user but the one of this request. Returns how many. */
  async signOutOtherSessions(auth: UserContext): Promise<number> {
    return this.uow.run(async () => {
      const others = (await this.live(auth, 'session', null)).filter((c) => c.id !== auth.credential.id);
      for (const c of others) await this.credentials.revoke(auth.workspace.id, c.id, auth.user.id, { userId: auth.user.id, kind: 'session' });
      return others.length;
    });
  }

  private live(auth: UserContext, kind: CredentialKind, limit: number | null = LIST_LIMIT): Promise<Credential[]> {
    const qb = this.uow
      .tenant(auth.workspace.id)
      .qb(Credential, 'c')
      .andWhere(`c.user_id = :userId AND c.kind = :kind AND c.revoked_at IS NULL AND (c.expires_at IS NULL OR c.expires_at > now())`, { userId: auth.user.id, kind })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC');
    return (limit === null ? qb : qb.limit(limit)).getMany();
  }

  private async revokeOwn(auth: UserContext, id: number, kind: CredentialKind, what: string): Promise<void> {
    try {
      await this.credentials.revoke(auth.workspace.id, id, auth.user.id, { userId: auth.user.id, kind });
    } catch (e) {
      if (e instanceof DomainError && e.code === 'not_found') throw notFound(what);
      throw e;
    }
  }
}

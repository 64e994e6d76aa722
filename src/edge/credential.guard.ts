import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../platform/common/errors';
import type { CrmRequest } from './crm-request';
import { requestContext } from '../platform/common/request-context';
import { WorkspaceService } from '../domain/workspace/workspace.service';
import { CredentialsService } from '../domain/identity/credentials.service';
import { bearerOf, resolvedEarlier } from './bearer';
import { ApiSessionCookies } from './api-session';
import { ConnectionUsageCounter } from '../domain/identity/connection-usage';
import { countUsage } from './usage';
import { AUTH_KEY, AuthOptions, FIRST_PARTY_ONLY, PUBLIC_KEY } from './auth.decorator';

export { bearerOf };

/** No scope lifts a first-party-only route, so the challenge names none (RFC 6750 section 3). */
const FIRST_PARTY_CHALLENGE = `Bearer error="insufficient_scope", error_description="${FIRST_PARTY_ONLY}"`;

/**
 * Global guard: every route either is @Public() or declares @Auth(). Resolves the bearer (or, on
 * /api/v1, the web app's session cookie with its CSRF header, else 403 `csrf`: src/edge/api-session.ts) to
 * {workspace, user, kind, scopes}, then checks credential kind (401), first party on workspace
 * administration and scope (403 insufficient_scope) and licence/user module (403 module).
 * Object-level access is the services' job.
 */
@Injectable()
export class CredentialGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly credentials: CredentialsService,
    private readonly workspaces: WorkspaceService,
    private readonly sessions: ApiSessionCookies,
    private readonly usage: ConnectionUsageCounter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const options = this.reflector.getAllAndOverride<Required<Pick<AuthOptions, 'kinds'>> & AuthOptions>(AUTH_KEY, targets);
    if (!options) throw new DomainError('unauthorized', 'this route declares no authentication');
    const req = context.switchToHttp().getRequest<CrmRequest>();
    const ws = req.workspace;
    if (!ws) throw new DomainError('not_found', 'workspace not found');

    const presented = this.sessions.credentialOf(req, options.kinds.includes('erp'));
    if (!presented) throw new DomainError('unauthorized', 'missing bearer token');
    if ('refused' in presented) throw new DomainError('csrf', presented.refused);
    const { token, via } = presented;
    const earlier = resolvedEarlier(req, token);
    const resolved = earlier !== undefined ? earlier : await this.credentials.resolve(ws, token);
    if (!resolved) throw new DomainError('unauthorized', 'invalid, expired or revoked token');
    const { credential, user, teamIds } = resolved;
    countUsage(this.usage, req, context.switchToHttp().getResponse(), credential);
    // the cookie carries sessions only (a key or token put into it by hand is not a browser session)
    if (via === 'cookie' && credential.kind !== 'session') throw new DomainError('unauthorized', 'the session cookie holds no session');
    if (!options.kinds.includes(credential.kind)) throw new DomainError('unauthorized', `a ${credential.kind} credential is not valid on this interface`);

    if (options.firstParty && credential.kind === 'oauth') throw new DomainError('insufficient_scope', FIRST_PARTY_ONLY, { wwwAuthenticate: FIRST_PARTY_CHALLENGE });
    if (options.scope) {
      const ok = credential.scopes.includes(options.scope) || (options.scope === 'crm.read' && credential.scopes.includes('crm.write'));
      if (!ok) throw new DomainError('insufficient_scope', `this token lacks the ${options.scope} scope`);
    }

    const licensed = this.workspaces.licensedModules(ws);
    const modules = user ? licensed.filter((m) => user.modules.includes(m)) : licensed;
    if (options.module) {
      if (!licensed.includes(options.module)) throw new DomainError('module', `the ${options.module} module is off in this workspace's licence`);
      if (!modules.includes(options.module)) throw new DomainError('module', `the ${options.module} module is not enabled for this user`);
    }

    req.credentialVia = via;
    req.auth = { workspace: ws, user, credential: { id: credential.id, kind: credential.kind, scopes: credential.scopes, grantId: credential.grantId }, modules, teamIds };
    const ctx = requestContext.getStore();
    if (ctx && user) ctx.userId = user.id;
    return true;
  }
}

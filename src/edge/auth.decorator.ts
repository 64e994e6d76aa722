import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { CrmRequest } from './crm-request';
import type { ModuleName } from '../domain/workspace/defaults';
import type { CredentialKind } from '../domain/identity/credential.entity';

export type Scope = 'crm.read' | 'crm.write';

export interface AuthOptions {
  /** crm.read for reads, crm.write for writes (crm.write includes crm.read). */
  scope?: Scope;
  /** Licence module the route needs; 403 `module` when it is off in the licence or for the user. */
  module?: ModuleName;
  /** Credential kinds accepted; REST default: session, API key, OAuth token. */
  kinds?: CredentialKind[];
  /**
   * Workspace administration (connections and their keys, app connections, custom object definitions,
   * products, approval lists, website forms) and a user's own connections (sign-in sessions, the mailbox):
   * first-party only. A session or an API key passes; an OAuth token gets 403 `insufficient_scope` whatever
   * its scopes, so an app cannot mint credentials that outlive it or re-point where the user's mail goes.
   */
  firstParty?: boolean;
}

export const AUTH_KEY = 'crm:auth';
export const PUBLIC_KEY = 'crm:public';
export const REST_KINDS: CredentialKind[] = ['session', 'api', 'oauth'];
/** The 403 message of a `firstParty` route called with an app's token. */
export const FIRST_PARTY_ONLY = "workspace administration and a user's own connections need a session or an API key, not an app's token";

/** The one auth declaration per route, read by the global CredentialGuard. */
export function Auth(options: AuthOptions = {}) {
  return applyDecorators(
    SetMetadata(AUTH_KEY, { kinds: REST_KINDS, ...options }),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'unauthorized: missing, invalid, expired or revoked token' }),
    ApiForbiddenResponse({
      description: options.firstParty
        ? "insufficient_scope (always for an OAuth token: workspace administration and a user's own connections are first-party only), module or forbidden"
        : 'insufficient_scope, module or forbidden',
    }),
    ApiTooManyRequestsResponse({ description: 'rate_limited' }),
  );
}

/** A route that needs no credential (login, health, discovery). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

export const CurrentAuth = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<CrmRequest>().auth);
export const CurrentWorkspace = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<CrmRequest>().workspace);

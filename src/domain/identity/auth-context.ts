import type { Workspace } from '../workspace/workspace.entity';
import type { CredentialKind } from './credential.entity';
import type { User } from './user.entity';

/** Who is calling: resolved once per request by the credential guard, passed to every service method. */
export interface AuthContext {
  workspace: Workspace;
  /** The acting user; null only for workspace keys (ERP, SCIM). */
  user: User | null;
  /** `grantId`: the OAuth grant (app and user) of an access token, for the audit of MCP calls. */
  credential: { id: number; kind: CredentialKind; scopes: string[]; grantId?: number | null };
  /** Modules on for this caller: licence ∩ user. */
  modules: string[];
  /**
   * Other users (active or not) of the caller's non-empty department. The credential guard loads them
   * with the credential (one query, or the auth cache); a context built elsewhere (jobs, tests) may leave
   * them out and AccessService then loads them once and keeps them on the context.
   */
  teamIds?: number[];
}

/** A REST caller always acts as a user. */
export interface UserContext extends AuthContext {
  user: User;
}

export const isAdmin = (auth: UserContext): boolean => auth.user.role === 'admin';

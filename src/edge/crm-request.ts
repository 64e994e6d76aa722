import type { Request } from 'express';
import type { Workspace } from '../domain/workspace/workspace.entity';
import type { AuthContext } from '../domain/identity/auth-context';

export interface CrmRequest extends Request {
  id: string;
  workspace?: Workspace;
  /** The workspace's base URL from configuration (WorkspaceMiddleware; read with linkBaseOf). */
  linkBase?: string;
  auth?: AuthContext;
  /** How the credential came: the Authorization header (or ERP key header) or the web app's session cookie. */
  credentialVia?: 'bearer' | 'cookie';
  /** The body's bytes as received: inbound hooks only (src/edge/hook-body.ts), for their signature. */
  rawBody?: Buffer;
}

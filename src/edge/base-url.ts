import type { Request } from 'express';
import type { CrmRequest } from './crm-request';

/**
 * The configured base URL of the request's workspace (PUBLIC_URL, else BASE_DOMAIN with PUBLIC_SCHEME
 * and PUBLIC_PORT: src/domain/workspace/link-base.ts), put on the request by WorkspaceMiddleware. Every
 * URL the service hands out is built on it, never on the Host header: a link in an e-mail, a webhook or
 * an answer may reach someone other than the caller. No trailing slash.
 */
export function linkBaseOf(req: CrmRequest): string {
  if (!req.linkBase) throw new Error('linkBaseOf: no workspace on this request (WorkspaceMiddleware)');
  return req.linkBase;
}

/**
 * The origin the client addressed: scheme and host of this request (Express honours X-Forwarded-Proto /
 * X-Forwarded-Host only with TRUST_PROXY=1). Only for what must match the address the caller used and
 * goes back to that caller alone: the `Origin` checks of forms and the MCP endpoint, and the OAuth
 * issuer and resource metadata (RFC 8414 §3.3, RFC 9728 §3.3: a client rejects an issuer other than the
 * URL it asked). Never for a link that leaves the service (linkBaseOf). No trailing slash.
 */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

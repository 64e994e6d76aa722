import type { Request } from 'express';

/**
 * The workspace's base URL as the client reached it: scheme and host of the request (Express honours
 * X-Forwarded-Proto / X-Forwarded-Host only with TRUST_PROXY=1). The host selected the workspace, so
 * the issuer of one workspace can never be another's. No trailing slash.
 */
export function baseUrlOf(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

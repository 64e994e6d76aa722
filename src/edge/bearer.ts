import type { CrmRequest } from './crm-request';
import type { ResolvedCredential } from '../domain/identity/credentials.service';

/** The bearer token of a request; the ERP key header only where ERP keys are accepted. */
export function bearerOf(req: Pick<CrmRequest, 'headers'>, allowErpHeader: boolean): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (m) return m[1];
  }
  const erp = req.headers['x-service-erp-key'];
  if (allowErpHeader && typeof erp === 'string' && erp) return erp.trim();
  return null;
}

const resolutions = new WeakMap<CrmRequest, { token: string; resolved: ResolvedCredential | null }>();

/** Keeps what the limit middleware resolved for a token, so the guard does not resolve it again. */
export function rememberResolved(req: CrmRequest, token: string, resolved: ResolvedCredential | null): void {
  resolutions.set(req, { token, resolved });
}

/** What was resolved earlier in this request for this token; undefined when nothing was. */
export function resolvedEarlier(req: CrmRequest, token: string): ResolvedCredential | null | undefined {
  const r = resolutions.get(req);
  return r && r.token === token ? r.resolved : undefined;
}

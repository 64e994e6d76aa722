import { createHash } from 'node:crypto';

/** Pure rules of the authorization server (spec 5 rules 3-5, 8; 7.2), table-tested in test/unit/oauth/oauth-rules.spec.ts. */

export const OAUTH_SCOPES = ['crm.read', 'crm.write'] as const;
export const CODE_TTL_MS = 5 * 60_000;
export const ACCESS_TTL_SECONDS = 3600;
export const REFRESH_IDLE_MS = 60 * 86_400_000;
/**
 * A rotated-out refresh token that comes back within this long is the loser of two concurrent
 * refreshes (refused, nothing revoked); later it is reuse, and the grant's tokens are revoked
 * (RFC 9700 4.14.2; docs/decisions/auth-and-oauth.md, "Refresh rotation").
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;
/** Registered clients that never complete an authorization are removed after this long. */
export const UNUSED_CLIENT_MS = 86_400_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a redirect URI cannot be registered (null when fine): https, or http on a loopback host; no fragment. */
export function redirectUriProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw || raw.length > 2000) return 'must be a URL of at most 2000 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (raw.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must be https:// or a loopback address (http://localhost, http://127.0.0.1, http://[::1])';
}

export function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Does a redirect_uri of a request match a registered one? Exact string match, except that for
 * loopback URIs the port is ignored (RFC 8252 7.3; spec 5 rule 4).
 */
export function redirectMatches(registered: string, given: string): boolean {
  if (registered === given) return true;
  let r: URL;
  let g: URL;
  try {
    r = new URL(registered);
    g = new URL(given);
  } catch {
    return false;
  }
  if (!isLoopback(r) || !isLoopback(g) || given.includes('#')) return false;
  return r.hostname === g.hostname && r.pathname === g.pathname && r.search === g.search && !g.username && !g.password;
}

/** The scopes of a space-separated scope string, or null when one is unknown; crm.write includes crm.read. */
export function parseScope(raw: string | undefined): string[] | null {
  const parts = (raw ?? '').split(' ').filter(Boolean);
  if (!parts.length) return ['crm.read'];
  if (parts.some((p) => !(OAUTH_SCOPES as readonly string[]).includes(p))) return null;
  const set = new Set(parts);
  if (set.has('crm.write')) set.add('crm.read');
  return OAUTH_SCOPES.filter((s) => set.has(s));
}

const VERIFIER_RE = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

export const isVerifier = (v: string): boolean => VERIFIER_RE.test(v);
export const isChallenge = (c: string): boolean => CHALLENGE_RE.test(c);

/** base64url (no padding) SHA-256 of the verifier (RFC 7636 S256). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * The first problem of an authorization request's parameters after client and redirect_uri (those are
 * checked first), as [error, error_description], or null.
 */
export function authorizeRequestProblem(p: Partial<Record<string, string>>, scopes: string[] | null, baseUrl: string): [string, string] | null {
  if (p.response_type !== 'code') return ['unsupported_response_type', 'response_type must be code'];
  if (!p.code_challenge) return ['invalid_request', 'code_challenge is required (PKCE)'];
  if (p.code_challenge_method !== 'S256') return ['invalid_request', 'code_challenge_method must be S256'];
  if (!isChallenge(p.code_challenge)) return ['invalid_request', 'code_challenge must be 43 base64url characters'];
  if (!scopes) return ['invalid_scope', `scope: only ${OAUTH_SCOPES.join(' and ')}`];
  if (p.resource !== undefined && ![baseUrl, `${baseUrl}/`, `${baseUrl}/mcp`, `${baseUrl}/api/v1`].includes(p.resource)) {
    return ['invalid_target', 'resource must be this workspace or its MCP endpoint'];
  }
  if (p.state !== undefined && p.state.length > 2000) return ['invalid_request', 'state is longer than 2000 characters'];
  return null;
}

/** The redirect target: `uri` with the parameters added to its query. */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** The host shown on the consent page ("the redirect URI's domain"). */
export function redirectDomain(uri: string): string {
  try {
    return new URL(uri).hostname;
  } catch {
    return uri;
  }
}

/** Scopes in words, for the consent page and the App connections list. */
export function scopeWords(scopes: string[]): string[] {
  return scopes.includes('crm.write')
    ? ['Read your CRM data (companies, people, opportunities, activities, tasks)', 'Create and change CRM records on your behalf']
    : ['Read your CRM data (companies, people, opportunities, activities, tasks)'];
}

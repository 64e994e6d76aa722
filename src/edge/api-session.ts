import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { constantTimeEqual, SecretBox } from '../platform/common/crypto';
import { SECRET_BOX } from '../domain/identity/secret-box.provider';
import { bearerOf } from './bearer';
import { cookieOf, hostCookieName, requestCookies } from './browser-cookies';

/**
 * The browser session of the web app (and of the settings pages): the session token (`xk_`), HttpOnly. Both
 * names take the `__Host-` prefix over https (hostCookieName): `__Host-crm_session`, `__Host-crm_csrf`.
 */
export const SESSION_COOKIE = 'crm_session';
/** The CSRF token bound to that session, readable by the app's script, which sends it back as `X-CSRF-Token`. */
export const CSRF_COOKIE = 'crm_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The credential a request presents: a bearer (or ERP key header), the session cookie with its CSRF header, or a cookie refused for want of one. */
export type RequestCredential = { token: string; via: 'bearer' | 'cookie' } | { refused: string } | null;

/** The routed paths where the session cookie stands in for a bearer: the REST API only (never /mcp, /oauth, /api/scim, /api/erp). */
export function acceptsSessionCookie(routedPath: string): boolean {
  const path = routedPath.toLowerCase();
  return path === '/api/v1' || path.startsWith('/api/v1/');
}

/**
 * The web app's cookie session. The session token lives in `crm_session` (HttpOnly,
 * SameSite=Strict, Path=/), so no script can read it; a CSRF token bound to it (HMAC of the token with a
 * key derived from SECRET_KEY, base64url) lives in `crm_csrf`, which the app reads and sends as
 * `X-CSRF-Token`. The REST API takes the cookie instead of a bearer only with that header (compared in
 * constant time); a cross-site request can send the cookie (not under SameSite=Strict, but older
 * browsers) but cannot read `crm_csrf`. The Authorization header wins when both are present.
 */
@Injectable()
export class ApiSessionCookies {
  private readonly key: string;

  constructor(@Inject(SECRET_BOX) box: SecretBox) {
    this.key = box.derive('api-session-csrf');
  }

  /** The CSRF token bound to a session token. */
  csrfFor(sessionToken: string): string {
    return createHmac('sha256', this.key).update(sessionToken, 'utf8').digest('base64url');
  }

  /** The session cookie's token, or undefined. */
  session(req: Request): string | undefined {
    return cookieOf(req, hostCookieName(req, SESSION_COOKIE));
  }

  /**
   * The credential of an API request: the Authorization bearer (or the ERP key header where allowed);
   * else, on /api/v1, the session cookie when `X-CSRF-Token` matches it, or a refusal when it does not.
   */
  credentialOf(req: Request, allowErpHeader: boolean): RequestCredential {
    const bearer = bearerOf(req, allowErpHeader);
    if (bearer) return { token: bearer, via: 'bearer' };
    if (!acceptsSessionCookie(req.path)) return null;
    const session = this.session(req);
    if (!session) return null;
    const header = req.headers[CSRF_HEADER];
    if (typeof header !== 'string' || !header) return { refused: 'the session cookie needs the X-CSRF-Token header (the value of the crm_csrf cookie)' };
    if (!constantTimeEqual(header, this.csrfFor(session))) return { refused: 'the X-CSRF-Token header does not match this session' };
    return { token: session, via: 'cookie' };
  }

  /** Sets both cookies after a sign-in; `maxAgeSeconds` is the session token's lifetime. */
  set(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
    const maxAge = Math.max(0, Math.floor(maxAgeSeconds)) * 1000;
    res.cookie(hostCookieName(req, SESSION_COOKIE), token, { ...flags(req), httpOnly: true, maxAge });
    res.cookie(hostCookieName(req, CSRF_COOKIE), this.csrfFor(token), { ...flags(req), httpOnly: false, maxAge });
    requestCookies(req)[hostCookieName(req, SESSION_COOKIE)] = token;
  }

  /** Clears both cookies (sign-out). */
  clear(req: Request, res: Response): void {
    res.clearCookie(hostCookieName(req, SESSION_COOKIE), { ...flags(req), httpOnly: true });
    res.clearCookie(hostCookieName(req, CSRF_COOKIE), { ...flags(req), httpOnly: false });
    delete requestCookies(req)[hostCookieName(req, SESSION_COOKIE)];
  }
}

function flags(req: Request): CookieOptions {
  return { sameSite: 'strict', secure: req.protocol === 'https', path: '/' };
}

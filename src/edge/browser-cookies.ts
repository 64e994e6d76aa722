import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';

/** Plain cookie values only (tokens, nonces, csrf-csrf's `hmac.random`); anything else is ignored. */
const VALUE = /^[A-Za-z0-9_.-]{1,1500}$/;

/**
 * The request's cookies as `req.cookies` (no cookie parser is installed; csrf-csrf reads `req.cookies`).
 * Parsed once per request; values that are not plain are left out.
 */
export function requestCookies(req: Request): Record<string, string> {
  if (req.cookies && typeof req.cookies === 'object') return req.cookies as Record<string, string>;
  const jar: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (!(name in jar) && VALUE.test(value)) jar[name] = value;
  }
  req.cookies = jar;
  return jar;
}

/** A cookie of the request, or undefined. */
export function cookieOf(req: Request, name: string): string | undefined {
  return requestCookies(req)[name];
}

/**
 * The name of a cookie set with Path=/ and no Domain: `__Host-<name>` where Secure applies (https), so that the
 * browser refuses one planted by another host of the same site (a sibling subdomain, or plain http); the plain
 * name on http (localhost, tests), where a Secure cookie cannot be set and the prefix would be refused.
 */
export function hostCookieName(req: Request, name: string): string {
  return req.protocol === 'https' ? `__Host-${name}` : name;
}

/** The names of one group of server-rendered pages' cookies (the OAuth pages under /oauth, the settings under /settings). */
export interface PageCookieNames {
  /** The session credential (`xk_`). */
  session: string;
  /** The session cookie is the web app's (Path=/): `__Host-` over https (hostCookieName). */
  sessionAtRoot?: boolean;
  /** csrf-csrf's token cookie. */
  csrf: string;
  /** A random value that the CSRF token of the sign-in form is bound to (before there is a session). */
  presession: string;
}

/** HttpOnly, SameSite=Lax (the OAuth flow arrives by a cross-site redirect), Secure over https, scoped to `path`. */
export function cookieFlags(req: Request, path: string): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', path };
}

/** The session cookie's name of a group of pages for this request. */
export const sessionCookieName = (names: PageCookieNames, req: Request): string => (names.sessionAtRoot ? hostCookieName(req, names.session) : names.session);

/** The session and pre-session cookies of one group of pages (a root session is set and cleared by ApiSessionCookies). */
export function browserCookies(names: PageCookieNames, path: string) {
  return {
    session(req: Request): string | undefined {
      return cookieOf(req, sessionCookieName(names, req));
    },
    /** After sign-in: the session cookie is set and the pre-session value is dropped (a new one next time). */
    setSession(req: Request, res: Response, token: string): void {
      res.cookie(names.session, token, cookieFlags(req, path));
      res.clearCookie(names.presession, cookieFlags(req, path));
    },
    clearSession(req: Request, res: Response): void {
      res.clearCookie(names.session, cookieFlags(req, path));
    },
    /** The pre-session value of the browser; set when missing. */
    presession(req: Request, res: Response): string {
      const have = cookieOf(req, names.presession);
      if (have) return have;
      const value = randomBytes(24).toString('base64url');
      res.cookie(names.presession, value, cookieFlags(req, path));
      requestCookies(req)[names.presession] = value;
      return value;
    },
  };
}

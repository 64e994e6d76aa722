import { doubleCsrf, DoubleCsrfUtilities } from 'csrf-csrf';
import type { Request, Response } from 'express';
import { sha256Hex } from '../platform/common/crypto';
import { requestOrigin } from './base-url';
import { browserCookies, cookieFlags, cookieOf, PageCookieNames, requestCookies, sessionCookieName } from './browser-cookies';

export interface PageCsrfOptions {
  cookies: PageCookieNames;
  /** Cookie path of the group (`/oauth`, `/settings`). */
  path: string;
  /** The sign-in form's path: its token is bound to the pre-session cookie, every other form's to the session. */
  signInPath: string;
  /** HMAC key (derived from SECRET_KEY: SecretBox.derive('csrf')). */
  secret: string;
}

/**
 * CSRF protection of one group of server-rendered forms with csrf-csrf (signed double-submit cookie):
 * the token is `HMAC(secret, session identifier, random).random`, sent as an HttpOnly cookie and as the
 * form field `csrf`; a POST is accepted when both are equal and the HMAC holds for the browser's
 * identifier. The identifier is the SHA-256 of the session cookie (a token of one session is useless
 * in another), and for the sign-in form a random pre-session cookie. A foreign `Origin` or a cross-site
 * `Sec-Fetch-Site` is refused as well.
 */
export class PageCsrf {
  private readonly csrf: DoubleCsrfUtilities;
  private readonly jar: ReturnType<typeof browserCookies>;

  constructor(private readonly opts: PageCsrfOptions) {
    this.jar = browserCookies(opts.cookies, opts.path);
    this.csrf = doubleCsrf({
      getSecret: () => opts.secret,
      getSessionIdentifier: (req) => this.identifier(req),
      cookieName: opts.cookies.csrf,
      cookieOptions: { httpOnly: true, sameSite: 'lax', path: opts.path, secure: false },
      size: 32,
      getCsrfTokenFromRequest: (req) => {
        const body = req.body as Record<string, unknown> | undefined;
        return typeof body?.csrf === 'string' ? body.csrf : undefined;
      },
    });
  }

  /** The token for the forms of this response (the cookie's token when it is still valid, else a new one). */
  token(req: Request, res: Response): string {
    requestCookies(req);
    if (this.isSignIn(req)) this.jar.presession(req, res);
    return this.csrf.generateCsrfToken(req, res, { cookieOptions: cookieFlags(req, this.opts.path) });
  }

  /** Whether a POST carries a valid token for this browser and comes from this site. */
  valid(req: Request): boolean {
    requestCookies(req);
    return this.identifier(req) !== '' && sameOrigin(req) && this.csrf.validateRequest(req);
  }

  private isSignIn(req: Request): boolean {
    return req.path === this.opts.signInPath;
  }

  private identifier(req: Request): string {
    if (this.isSignIn(req)) {
      const pre = cookieOf(req, this.opts.cookies.presession);
      return pre ? `presession:${pre}` : '';
    }
    const session = cookieOf(req, sessionCookieName(this.opts.cookies, req));
    return session ? `session:${sha256Hex(session)}` : '';
  }
}

/**
 * Not a cross-site POST: `Origin`, when the browser names one, is this workspace's origin (`null`, which
 * browsers send under `Referrer-Policy: no-referrer`, tells nothing), and `Sec-Fetch-Site`, when sent, is
 * same-origin (or none: typed by the user).
 */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null' && origin !== requestOrigin(req)) return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

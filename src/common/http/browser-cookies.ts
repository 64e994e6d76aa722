import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** A cookie of the request (no cookie parser is installed; names here are fixed and plain). */
export function cookieOf(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      const v = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{1,200}$/.test(v) ? v : undefined;
    }
  }
  return undefined;
}

/**
 * The session and CSRF-nonce cookies of one group of server-rendered pages (the OAuth pages under
 * /oauth, the settings pages under /settings): HttpOnly, SameSite=Lax, Secure over https, scoped to `path`.
 */
export function browserCookies(names: { session: string; csrf: string }, path: string) {
  const flags = (req: Request) => ({ httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https', path });
  return {
    /** The CSRF nonce cookie of the browser; set when missing. */
    csrfNonce(req: Request, res: Response): string {
      const have = cookieOf(req, names.csrf);
      if (have) return have;
      const nonce = randomBytes(24).toString('base64url');
      res.cookie(names.csrf, nonce, flags(req));
      return nonce;
    },
    setSession(req: Request, res: Response, token: string): void {
      res.cookie(names.session, token, flags(req));
    },
  };
}

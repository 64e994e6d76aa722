import type { Request, Response } from 'express';
import { BrowserSessionService } from '../identity/oauth/browser-session.service';

export const SESSION_COOKIE = 'crm_session';
export const CSRF_COOKIE = 'crm_csrf';

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

const flags = (req: Request) => ({ httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https', path: '/oauth' });

/** The CSRF nonce cookie of the browser; set when missing. */
export function csrfNonce(req: Request, res: Response): string {
  const have = cookieOf(req, CSRF_COOKIE);
  if (have) return have;
  const nonce = BrowserSessionService.newNonce();
  res.cookie(CSRF_COOKIE, nonce, flags(req));
  return nonce;
}

export function setSession(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, flags(req));
}

import type { Request, Response } from 'express';
import { constantTimeEqual, SecretBox, sha256Hex } from '../../platform/common/crypto';
import { cookieFlags, cookieOf } from '../browser-cookies';

/** What one page hands to the next across a POST-redirect-GET: a status line, and a secret shown once. */
export interface Flash {
  notice?: string;
  secret?: { label: string; key: string; after?: string };
}

/** How long a flash waits for the GET that shows it (the redirect follows at once; this is generous). */
export const FLASH_TTL_MS = 2 * 60_000;
const MAX_TEXT = 300;

interface Sealed {
  /** SHA-256 of the session cookie: the flash is shown only to the session that made it. */
  s: string;
  /** Expiry, epoch ms. */
  x: number;
  f: Flash;
}

/**
 * The flash of a group of pages (POST-redirect-GET): the POST seals it (AES-256-GCM,
 * a key derived for this purpose) into an HttpOnly cookie of the group's path and answers 303; the GET
 * after it opens it, clears the cookie and shows it once. A reload of that GET finds no cookie: the
 * secret is not shown again and nothing is created again. Stateless, so any instance serves the GET.
 * The cookie is bound to the session (useless with another session) and expires after FLASH_TTL_MS.
 */
export class PageFlash {
  private readonly box: SecretBox;

  constructor(
    secret: string,
    private readonly cookie: string,
    private readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    this.box = new SecretBox(secret);
  }

  put(req: Request, res: Response, session: string, flash: Flash): void {
    const f: Flash = {};
    if (flash.notice) f.notice = flash.notice.slice(0, MAX_TEXT);
    if (flash.secret) f.secret = { label: flash.secret.label.slice(0, MAX_TEXT), key: flash.secret.key, after: flash.secret.after?.slice(0, MAX_TEXT) };
    const sealed: Sealed = { s: sha256Hex(session), x: this.now() + FLASH_TTL_MS, f };
    res.cookie(this.cookie, this.box.seal(JSON.stringify(sealed)), { ...cookieFlags(req, this.path), maxAge: FLASH_TTL_MS });
  }

  /** The flash for this session, once: the cookie is cleared whether it was valid or not. */
  take(req: Request, res: Response, session: string): Flash {
    const raw = cookieOf(req, this.cookie);
    if (!raw) return {};
    res.clearCookie(this.cookie, cookieFlags(req, this.path));
    try {
      const v = JSON.parse(this.box.open(raw)) as Sealed;
      return typeof v.s === 'string' && constantTimeEqual(v.s, sha256Hex(session)) && v.x > this.now() ? v.f : {};
    } catch {
      return {};
    }
  }
}

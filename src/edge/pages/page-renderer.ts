import { createHash } from 'node:crypto';
import { Eta } from 'eta';
import type { Request, Response } from 'express';
import { contentSecurityPolicy, frameguard, referrerPolicy } from 'helmet';
import { PAGE_STYLE, SHARED_TEMPLATES } from './layout.templates';
import type { LayoutText } from './layout.text';
import type { Lang } from './page-lang';

/** A rendered page and its status. */
export interface Page {
  html: string;
  status: number;
}

/**
 * The templates of one group of pages (`views`: name → data type), compiled once when the renderer is
 * built (at start-up: a template error stops the start, not a request). Autoescaping is on; every page
 * uses the shared layout (`@layout`) and partials of layout.templates.ts. Every page is rendered in one
 * language: the templates get its dictionary as `it.t` (`texts`: the group's text with the layout's) and
 * the layout writes `<html lang>` from `it.lang`.
 */
export class PageRenderer<V extends object, T extends LayoutText = LayoutText> {
  private readonly eta = new Eta({ autoEscape: true, cache: true, useWith: false });

  constructor(
    templates: { [K in keyof V]: string },
    private readonly texts: Record<Lang, T>,
  ) {
    for (const [name, source] of Object.entries(SHARED_TEMPLATES)) this.eta.loadTemplate(name, source);
    for (const [name, source] of Object.entries(templates) as [string, string][]) this.eta.loadTemplate(`@${name}`, source);
  }

  render<K extends keyof V & string>(lang: Lang, name: K, data: V[K], status = 200): Page {
    return { html: this.eta.render(`@${name}`, { ...(data as object), lang, t: this.texts[lang] }), status };
  }
}

const STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_STYLE, 'utf8').digest('base64')}'`;

/**
 * The pages' own security headers (helmet, on top of the global ones of security-headers.ts): a CSP
 * that allows no script, only the page style sheet (by hash), forms posting to this site (and, for the
 * consent form, to the client's redirect origin: browsers apply form-action to the redirect after the
 * POST), and no framing; `X-Frame-Options: DENY`; `Referrer-Policy: no-referrer`.
 */
const pageHeaders = [
  contentSecurityPolicy({
    useDefaults: false,
    directives: {
      'default-src': ["'none'"],
      'base-uri': ["'none'"],
      'style-src': [STYLE_HASH],
      'img-src': ["'self'"],
      'form-action': [(_req, res) => ["'self'", (res as Response).locals.formActionOrigin as string | undefined].filter(Boolean).join(' ')],
      'frame-ancestors': ["'none'"],
    },
  }),
  frameguard({ action: 'deny' }),
  referrerPolicy({ policy: 'no-referrer' }),
];

/** Writes a page: its security headers, `Cache-Control: no-store` (pages carry tokens and personal data), HTML. */
export function sendPage(req: Request, res: Response, page: Page, opts: { formActionOrigin?: string } = {}): void {
  if (opts.formActionOrigin) res.locals.formActionOrigin = opts.formActionOrigin;
  for (const mw of pageHeaders) {
    mw(req, res, (err?: unknown) => {
      if (err) throw err;
    });
  }
  res.status(page.status).setHeader('Cache-Control', 'no-store');
  res.type('html').send(page.html);
}

import type { Request } from 'express';
import { formatTimestamp } from '../../platform/common/time';

/**
 * The language of a server-rendered page: English or Turkish, as in the web app (web/src/lib/i18n.tsx).
 * A signed-in page follows the user's language (`users.locale`, else the workspace's `app.locale`: the
 * `locale` of GET /api/v1/me); a page without a user follows the person it is for when known (the user of
 * an invitation link), else the browser's Accept-Language, else the workspace's language.
 * See docs/decisions/server-pages.md, "Pages in the user's language".
 */
export type Lang = 'en' | 'tr';
export const LANGS: readonly Lang[] = ['en', 'tr'];

/** The language of a locale tag ('tr', 'tr-TR' → tr; anything else → en). */
export const langOf = (locale: string | null | undefined): Lang => ((locale ?? '').toLowerCase().startsWith('tr') ? 'tr' : 'en');

/** The language of a signed-in user: their own choice, else the workspace's (as GET /api/v1/me reports it). */
export const userLang = (user: { locale: string | null }, workspace: { app: { locale: string } }): Lang => langOf(user.locale ?? workspace.app.locale);

/** The first of en/tr the browser asks for (Accept-Language, by q), or null when it names neither. */
export function acceptedLang(header: string | undefined): Lang | null {
  const asked = (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((a) => a.q > 0 && /^(en|tr)(-|$)/.test(a.tag))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return asked.length ? langOf(asked[0]!.tag) : null;
}

/** The language of a page without a signed-in user: the person's own when known, else the browser's, else the workspace's. */
export function visitorLang(req: Request, workspace: { app: { locale: string } } | null | undefined, own?: string | null): Lang {
  if (own) return langOf(own);
  return acceptedLang(req.headers['accept-language']) ?? langOf(workspace?.app.locale);
}

/**
 * A timestamp on a page, in the workspace's clock to the minute: `YYYY-MM-DD HH:mm` in English (as the
 * pages always showed it), `DD.MM.YYYY HH:mm` in Turkish (the way Turkish dates are written); '—' for none.
 */
export function pageStamp(lang: Lang, timezone: string, d: Date | null | undefined): string {
  const iso = formatTimestamp(d, timezone);
  if (!iso) return '—';
  const [date = '', time = ''] = [iso.slice(0, 10), iso.slice(11, 16)];
  return lang === 'tr' ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)} ${time}` : `${date} ${time}`;
}

/** What the base of the service's links is made from (AppConfig's fields of the same names). */
export interface LinkSettings {
  publicUrl?: string;
  baseDomain: string;
  defaultWorkspace: string;
  publicScheme: 'http' | 'https';
  publicPort: number;
}

/**
 * The absolute base (`scheme://host[:port]`, no trailing slash) of every URL the service hands out about
 * a workspace: password links in e-mails, record links (webhook and chat `url`, spec 6.2), MCP answers,
 * search results, the connection cards' base URLs. Built from configuration only, never from a request
 * (a Host or X-Forwarded-Host header is the client's word: a reset link on it would carry the token to
 * whoever the header names):
 * 1. `PUBLIC_URL`: as it is for the default workspace; for another workspace `<slug>.<BASE_DOMAIN>` with
 *    PUBLIC_URL's scheme and port;
 * 2. else `BASE_DOMAIN` for the default workspace, `<slug>.<BASE_DOMAIN>` for another, with
 *    PUBLIC_SCHEME and PUBLIC_PORT (AppConfig: http and PORT on localhost, else https).
 * Default ports (80 for http, 443 for https) are left out.
 */
export function linkBase(s: LinkSettings, slug: string): string {
  const host = slug === s.defaultWorkspace ? s.baseDomain : `${slug}.${s.baseDomain}`;
  if (s.publicUrl) {
    if (slug === s.defaultWorkspace) return s.publicUrl.replace(/\/+$/, '');
    const u = new URL(s.publicUrl);
    return `${u.protocol}//${host}${u.port ? `:${u.port}` : ''}`;
  }
  const standard = s.publicScheme === 'https' ? 443 : 80;
  return `${s.publicScheme}://${host}${s.publicPort === standard ? '' : `:${s.publicPort}`}`;
}

/** A record path (`/opportunities/34`) on a base; an absolute URL stays as it is. */
export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (!path) return base;
  return base.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** What the base of record links is made from (AppConfig's fields of the same names). */
export interface LinkSettings {
  publicUrl?: string;
  baseDomain: string;
  defaultWorkspace: string;
  port: number;
}

/**
 * The absolute base (`scheme://host[:port]`, no trailing slash) of the links to a workspace's records
 * (webhook and chat `url`, spec 6.2), in this order:
 * 1. `PUBLIC_URL`: as it is for the default workspace; for another workspace `<slug>.<BASE_DOMAIN>` with
 *    PUBLIC_URL's scheme and port;
 * 2. the request that raised the event (`requestBase`: its scheme, host and port, the host that selected
 *    this workspace);
 * 3. without a request (the CLI, a background job): `http://localhost:<PORT>` for the default
 *    workspace, `http://<slug>.<BASE_DOMAIN>:<PORT>` for another.
 * Default ports (80 for http, 443 for https) are left out.
 */
export function linkBase(s: LinkSettings, slug: string, requestBase?: string): string {
  if (s.publicUrl) {
    if (slug === s.defaultWorkspace) return s.publicUrl.replace(/\/+$/, '');
    const u = new URL(s.publicUrl);
    return `${u.protocol}//${slug}.${s.baseDomain}${u.port ? `:${u.port}` : ''}`;
  }
  if (requestBase) return requestBase.replace(/\/+$/, '');
  const port = s.port === 80 ? '' : `:${s.port}`;
  return slug === s.defaultWorkspace ? `http://localhost${port}` : `http://${slug}.${s.baseDomain}${port}`;
}

/** A record path (`/opportunities/34`) on a base; an absolute URL stays as it is. */
export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (!path) return base;
  return base.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

import type { IncomingHttpHeaders } from 'node:http';

/**
 * The workspace slug from a Host header: `<slug>.<baseDomain>` is that workspace; the bare base domain,
 * `localhost` or an IP address is the default workspace; anything else matches no workspace (null).
 */
export function slugFromHost(hostHeader: string | undefined, baseDomain: string, defaultSlug: string): string | null {
  if (!hostHeader) return defaultSlug;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return defaultSlug; // IPv6 literal
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (host === baseDomain || host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return defaultSlug;
  const suffix = `.${baseDomain}`;
  if (!host.endsWith(suffix)) return null;
  const sub = host.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(sub) ? sub : null;
}

/** The host a request names its workspace by: X-Forwarded-Host (first) only behind a trusted proxy, else Host. */
export function workspaceHostOf(headers: IncomingHttpHeaders, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? headers['x-forwarded-host'] : undefined;
  return (Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0]) ?? headers.host;
}

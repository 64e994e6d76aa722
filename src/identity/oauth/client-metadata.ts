import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** What a client ID metadata document says about its client (only the fields the server uses). */
export interface ClientMetadata {
  clientId: string;
  clientName: string;
  redirectUris: string[];
}

export const METADATA_TIMEOUT_MS = 5_000;
export const METADATA_MAX_BYTES = 64 * 1024;
const MIN_CACHE_MS = 60_000;
const MAX_CACHE_MS = 86_400_000;
const DEFAULT_CACHE_MS = 300_000;
const MAX_CACHE_ENTRIES = 1_000;

/** Loopback, private, link-local, CGNAT, multicast and reserved ranges: never fetched unless allowed. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return true;
}

export class MetadataError extends Error {}

/**
 * Fetches client ID metadata documents (an `https://` URL used as client_id): 5 s timeout, 64 KiB,
 * no redirects, JSON only, cached per Cache-Control max-age (1 min - 1 day, default 5 min). The DNS
 * answer is checked inside the connection's own lookup, so a name cannot resolve to a public address
 * for the check and a private one for the connection. `allowPrivate` (ALLOW_PRIVATE_NETWORK_URLS=1)
 * allows private addresses and plain http:// (tests, on-premise clients).
 */
export class ClientMetadataFetcher {
  private readonly cache = new Map<string, { value: ClientMetadata; expires: number }>();

  constructor(private readonly allowPrivate: boolean) {}

  /** Is this client_id a metadata document URL (rather than a registered id)? */
  isDocumentUrl(clientId: string): boolean {
    return clientId.startsWith('https://') || (this.allowPrivate && clientId.startsWith('http://'));
  }

  async get(url: string): Promise<ClientMetadata> {
    const hit = this.cache.get(url);
    if (hit && hit.expires > Date.now()) return hit.value;
    const { body, maxAgeMs } = await this.fetch(url);
    const value = parseDocument(url, body);
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(url, { value, expires: Date.now() + maxAgeMs });
    return value;
  }

  private fetch(raw: string): Promise<{ body: unknown; maxAgeMs: number }> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return Promise.reject(new MetadataError('client_id is not a URL'));
    }
    if (url.protocol !== 'https:' && !(this.allowPrivate && url.protocol === 'http:')) return Promise.reject(new MetadataError('client_id URL must be https://'));
    if (url.username || url.password || url.hash) return Promise.reject(new MetadataError('client_id URL must not carry credentials or a fragment'));
    const allowPrivate = this.allowPrivate;
    const lookup = (hostname: string, options: object, cb: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
      dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return cb(err, []);
        const list = addresses as LookupAddress[];
        if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) return cb(new MetadataError(`${hostname} resolves to a private address`), []);
        if ((options as { all?: boolean }).all) return cb(null, list);
        cb(null, list[0]!.address, list[0]!.family);
      });
    };
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !allowPrivate && isPrivateAddress(literal)) return Promise.reject(new MetadataError('client_id URL points to a private address'));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.get(url, { lookup: lookup as never, timeout: METADATA_TIMEOUT_MS, headers: { accept: 'application/json' } }, (res) => {
        const fail = (msg: string) => {
          res.destroy();
          reject(new MetadataError(msg));
        };
        if (res.statusCode !== 200) return fail(`client metadata document answered HTTP ${res.statusCode ?? 0} (redirects are not followed)`);
        if (!/^application\/([a-z.+-]+\+)?json\b/i.test(res.headers['content-type'] ?? '')) return fail('client metadata document is not JSON');
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > METADATA_MAX_BYTES) return fail('client metadata document is larger than 64 KiB');
          chunks.push(c);
        });
        res.on('end', () => {
          try {
            resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown, maxAgeMs: maxAge(res.headers['cache-control']) });
          } catch {
            reject(new MetadataError('client metadata document is not valid JSON'));
          }
        });
        res.on('error', (e) => reject(new MetadataError(e.message)));
      });
      req.on('timeout', () => req.destroy(new MetadataError('client metadata document: timeout')));
      req.on('error', (e) => reject(e instanceof MetadataError ? e : new MetadataError(`client metadata document could not be fetched: ${e.message}`)));
    });
  }
}

function maxAge(header: string | undefined): number {
  if (!header || /no-store|no-cache/i.test(header)) return MIN_CACHE_MS;
  const m = /max-age=(\d+)/i.exec(header);
  if (!m) return DEFAULT_CACHE_MS;
  return Math.min(MAX_CACHE_MS, Math.max(MIN_CACHE_MS, Number(m[1]) * 1000));
}

function parseDocument(url: string, body: unknown): ClientMetadata {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new MetadataError('client metadata document is not a JSON object');
  const d = body as Record<string, unknown>;
  if (d.client_id !== url) throw new MetadataError('client metadata document: client_id must equal its URL');
  if ('client_secret' in d) throw new MetadataError('client metadata document must not contain a client_secret');
  const method = d.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') throw new MetadataError('client metadata document: token_endpoint_auth_method must be none');
  if (!Array.isArray(d.redirect_uris) || !d.redirect_uris.length || d.redirect_uris.some((u) => typeof u !== 'string')) {
    throw new MetadataError('client metadata document: redirect_uris must be a non-empty array of strings');
  }
  const name = typeof d.client_name === 'string' && d.client_name.trim() ? d.client_name.trim().slice(0, 200) : new URL(url).hostname;
  return { clientId: url, clientName: name, redirectUris: d.redirect_uris as string[] };
}

import { OutboundError, SafeHttpClient } from '../../../platform/net/safe-http';
import type { NetworkPolicy } from '../../../platform/net/network-policy';
import { redirectUriProblem } from './oauth.rules';

/** What a client ID metadata document says about its client (only the fields the server uses). */
export interface ClientMetadata {
  clientId: string;
  clientName: string;
  redirectUris: string[];
}

export const METADATA_MAX_BYTES = 64 * 1024;
const MIN_CACHE_MS = 60_000;
const MAX_CACHE_MS = 86_400_000;
const DEFAULT_CACHE_MS = 300_000;
/** A document that could not be fetched or used is not asked for again for this long (docs/decisions/auth-and-oauth.md). */
export const FAILURE_CACHE_MS = 30_000;
const MAX_CACHE_ENTRIES = 1_000;
const MAX_REDIRECT_URIS = 20;

export class MetadataError extends Error {}

/**
 * Fetches client ID metadata documents (an `https://` URL used as client_id) through the outbound
 * network guard (SafeHttpClient: private addresses refused at connect time, no redirects) with a total
 * deadline over connect, headers and body (default 5 s, CLIENT_METADATA_TIMEOUT_MS), 64 KiB, JSON only.
 * Concurrent requests for one URL share one fetch; a document is cached per Cache-Control max-age
 * (1 min - 1 day, default 5 min), a failure for FAILURE_CACHE_MS. Anyone can make the server fetch such
 * a document without signing in, so its policy is public addresses only whatever the configuration
 * (CLIENT_METADATA_DESTINATIONS); only the tests hand a policy that reaches their loopback server.
 */
export class ClientMetadataFetcher {
  private readonly cache = new Map<string, { value: ClientMetadata | MetadataError; expires: number }>();
  private readonly inflight = new Map<string, Promise<ClientMetadata>>();
  private readonly http: SafeHttpClient;

  constructor(private readonly opts: { policy: NetworkPolicy; timeoutMs: number }) {
    this.http = new SafeHttpClient({ policy: opts.policy, timeoutMs: opts.timeoutMs, maxSockets: 16 });
  }

  /** Is this client_id a metadata document URL (rather than a registered id)? */
  isDocumentUrl(clientId: string): boolean {
    return clientId.startsWith('https://') || (this.opts.policy.opensAny && clientId.startsWith('http://'));
  }

  async get(raw: string): Promise<ClientMetadata> {
    const url = this.checkUrl(raw);
    const hit = this.cache.get(url);
    if (hit && hit.expires > Date.now()) {
      if (hit.value instanceof MetadataError) throw hit.value;
      return hit.value;
    }
    let flight = this.inflight.get(url);
    if (!flight) {
      flight = this.load(url).finally(() => this.inflight.delete(url));
      this.inflight.set(url, flight);
    }
    return flight;
  }

  close(): void {
    this.http.close();
  }

  /** One fetch of a document; its outcome, success or failure, is cached. */
  private async load(url: string): Promise<ClientMetadata> {
    try {
      const { body, maxAgeMs } = await this.fetch(url);
      const value = parseDocument(url, body);
      this.remember(url, value, maxAgeMs);
      return value;
    } catch (e) {
      const err = e instanceof MetadataError ? e : new MetadataError('client metadata document could not be fetched');
      this.remember(url, err, FAILURE_CACHE_MS);
      throw err;
    }
  }

  private remember(url: string, value: ClientMetadata | MetadataError, ttlMs: number): void {
    this.cache.delete(url);
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(url, { value, expires: Date.now() + ttlMs });
  }

  /** The URL's syntax (not cached: costs nothing). */
  private checkUrl(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new MetadataError('client_id is not a URL');
    }
    if (url.protocol !== 'https:' && !(this.opts.policy.opensAny && url.protocol === 'http:')) throw new MetadataError('client_id URL must be https://');
    if (url.username || url.password || url.hash) throw new MetadataError('client_id URL must not carry credentials or a fragment');
    return raw;
  }

  private async fetch(url: string): Promise<{ body: unknown; maxAgeMs: number }> {
    let res;
    try {
      res = await this.http.get(url, {
        headers: { accept: 'application/json' },
        maxBytes: METADATA_MAX_BYTES,
        check: (status, headers) => {
          if (status !== 200) return `answered HTTP ${status} (redirects are not followed)`;
          const type = headers['content-type'];
          if (!/^application\/([a-z.+-]+\+)?json\b/i.test(typeof type === 'string' ? type : '')) return 'is not JSON';
          return null;
        },
      });
    } catch (e) {
      if (e instanceof OutboundError) throw new MetadataError(`client metadata document could not be used: ${e.message}`);
      throw e;
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new MetadataError('client metadata document is not valid JSON');
    }
    const cc = res.headers['cache-control'];
    return { body, maxAgeMs: maxAge(typeof cc === 'string' ? cc : undefined) };
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
  if (!Array.isArray(d.redirect_uris) || !d.redirect_uris.length || d.redirect_uris.length > MAX_REDIRECT_URIS) {
    throw new MetadataError(`client metadata document: redirect_uris must list 1-${MAX_REDIRECT_URIS} redirect URIs`);
  }
  // the rules of registered clients (spec 5 rule 4): https, or http on a loopback host; no fragment
  for (const u of d.redirect_uris as unknown[]) {
    const problem = redirectUriProblem(u);
    if (problem) throw new MetadataError(`client metadata document: redirect_uris: ${String(u).slice(0, 200)} ${problem}`);
  }
  const name = typeof d.client_name === 'string' && d.client_name.trim() ? d.client_name.trim().slice(0, 200) : new URL(url).hostname;
  return { clientId: url, clientName: name, redirectUris: d.redirect_uris as string[] };
}

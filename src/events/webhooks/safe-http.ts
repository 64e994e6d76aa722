import { lookup as dnsLookup, LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { isBlockedAddress } from './net-guard';

export interface PostResult {
  /** HTTP status when the receiver answered. */
  status: number | null;
  /** Why there is no answer (timeout, refused address, connection error). */
  error: string | null;
  ok: boolean;
  durationMs: number;
  /** The first bytes of the response body. */
  snippet: string;
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

const SNIPPET_BYTES = 512;

/**
 * A DNS lookup that refuses loopback, private, link-local and metadata addresses. Installed as the
 * agent's `lookup`, it judges the address the socket is about to connect to, so a host that resolves
 * to a public address at save time and to a private one at send time (DNS rebinding) is refused.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOneOptions), all: true } as LookupAllOptions, (err, addresses: LookupAddress[]) => {
    if (err) return (callback as (e: Error | null, a: string | LookupAddress[], f?: number) => void)(err, '', 0);
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    const cb = callback as (e: Error | null, a: string | LookupAddress[], f?: number) => void;
    if (bad || addresses.length === 0) return cb(new BlockedAddressError(`${hostname} resolves to a refused address${bad ? ` (${bad.address})` : ''}`), '', 0);
    if ((options as { all?: boolean }).all) return cb(null, addresses);
    return cb(null, addresses[0].address, addresses[0].family);
  });
};

/** The one HTTP client of outbound deliveries: keep-alive agents, guarded unless private networks are allowed. */
export class SafeHttpClient {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(
    private readonly opts: { allowPrivate: boolean; timeoutMs: number; maxSockets?: number },
  ) {
    const common = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, ...(opts.allowPrivate ? {} : { lookup: guardedLookup }) };
    this.agents = { http: new http.Agent(common), https: new https.Agent(common) };
  }

  /** POSTs `body`; never follows redirects, never retries, cut after the timeout (whole exchange). */
  post(url: string, headers: Record<string, string>, body: Buffer): Promise<PostResult> {
    const started = performance.now();
    const done = (r: Omit<PostResult, 'durationMs' | 'ok'>): PostResult => ({
      ...r,
      ok: r.status !== null && r.status >= 200 && r.status < 300,
      durationMs: Math.round(performance.now() - started),
    });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.resolve(done({ status: null, error: 'invalid URL', snippet: '' }));
    }
    const isHttps = target.protocol === 'https:';
    if (!isHttps && !(this.opts.allowPrivate && target.protocol === 'http:')) return Promise.resolve(done({ status: null, error: 'URL must be https', snippet: '' }));
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!this.opts.allowPrivate && isIP(host) && isBlockedAddress(host)) {
      return Promise.resolve(done({ status: null, error: `refused address ${host}`, snippet: '' }));
    }
    return new Promise<PostResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<PostResult, 'durationMs' | 'ok'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(r));
      };
      const mod = isHttps ? https : http;
      const req = mod.request(
        target,
        { method: 'POST', agent: isHttps ? this.agents.https : this.agents.http, headers: { ...headers, 'content-length': String(body.length), 'user-agent': 'crm-service-webhooks/1' } },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (size < SNIPPET_BYTES) chunks.push(c.subarray(0, SNIPPET_BYTES - size));
            size += c.length;
            if (size > 64 * 1024) res.destroy(); // nobody needs more of it
          });
          const end = () => finish({ status: res.statusCode ?? null, error: null, snippet: Buffer.concat(chunks).toString('utf8').replace(/\uFFFD+$/, '') });
          res.on('end', end);
          res.on('close', end);
          res.on('error', end);
        },
      );
      const timer = setTimeout(() => {
        finish({ status: null, error: `timeout after ${this.opts.timeoutMs / 1000} s`, snippet: '' });
        req.destroy();
      }, this.opts.timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => {
        finish({ status: null, error: e instanceof BlockedAddressError ? e.message : `${e.code ?? 'error'}: ${e.message}`.slice(0, 300), snippet: '' });
      });
      req.end(body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

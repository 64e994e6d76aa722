import { lookup as dnsLookup, LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP, LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import type { NetworkPolicy } from './network-policy';

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

/** A GET answer read whole (SafeHttpClient.get). */
export interface GetResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Why an outbound GET gave no usable answer (deadline, refused address, connection error, refused by the caller's check). */
export class OutboundError extends Error {}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

const SNIPPET_BYTES = 512;

/**
 * A DNS lookup that refuses the addresses `policy` does not allow (loopback, private, link-local and metadata
 * ones unless listed; with `plain`, anything not listed). Installed as an agent's `lookup`, it judges the
 * address the socket is about to connect to, so a host that resolves to a public address at save time and
 * to a private one at send time (DNS rebinding) is refused.
 */
export function guardedLookup(policy: NetworkPolicy, plain: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const cb = callback as (e: Error | null, a: string | LookupAddress[], f?: number) => void;
    dnsLookup(hostname, { ...(options as LookupOneOptions), all: true } as LookupAllOptions, (err, addresses: LookupAddress[]) => {
      if (err) return cb(err, '', 0);
      if (addresses.length === 0) return cb(new BlockedAddressError(`${hostname} does not resolve`), '', 0);
      for (const a of addresses) {
        if (policy.refusal(hostname, a.address, plain)) return cb(new BlockedAddressError(`${hostname} resolves to a refused address (${a.address})`), '', 0);
      }
      if ((options as { all?: boolean }).all) return cb(null, addresses);
      return cb(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * The one HTTP client of outbound requests (webhook deliveries, record connections, OAuth client metadata
 * documents, Ask's model): undici Agents (keep-alive pools) whose connector resolves hosts through
 * `guardedLookup`, so the address judged is the one the socket would connect to; IP literals (which skip
 * the lookup) are judged before the request. `http://` goes through an agent of its own whose lookup
 * admits only listed destinations. The policy says what is reachable (NetworkPolicy); a trusted one is unguarded.
 */
export class SafeHttpClient {
  private readonly tls: Agent;
  private readonly plain: Agent;

  constructor(
    private readonly opts: { policy: NetworkPolicy; timeoutMs: number; maxSockets?: number },
  ) {
    const agent = (plain: boolean) =>
      new Agent({
        connections: opts.maxSockets ?? 256,
        connectTimeout: opts.timeoutMs,
        connect: opts.policy.trusted ? {} : { lookup: guardedLookup(opts.policy, plain) },
      });
    this.tls = agent(false);
    this.plain = agent(true);
  }

  /** POSTs `body`; never follows redirects, never retries, cut after the timeout (whole exchange). */
  async post(url: string, headers: Record<string, string>, body: Buffer): Promise<PostResult> {
    const started = performance.now();
    const done = (r: Omit<PostResult, 'durationMs' | 'ok'>): PostResult => ({
      ...r,
      ok: r.status !== null && r.status >= 200 && r.status < 300,
      durationMs: Math.round(performance.now() - started),
    });
    const target = this.target(url);
    if (typeof target === 'string') return done({ status: null, error: target, snippet: '' });
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    try {
      // undici's request() follows no redirects (no redirect interceptor is composed) and never retries
      const res = await request(target, {
        method: 'POST',
        dispatcher: this.agentFor(target),
        headers: { ...headers, 'content-length': String(body.length), 'user-agent': 'crm-service-webhooks/1' },
        body,
        signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const c of res.body as AsyncIterable<Buffer>) {
          if (size < SNIPPET_BYTES) chunks.push(c.subarray(0, SNIPPET_BYTES - size));
          size += c.length;
          if (size > 64 * 1024) break; // nobody needs more of it
        }
      } catch {
        // a body cut by the timeout or the receiver still leaves the status
      } finally {
        res.body.destroy();
      }
      return done({ status: res.statusCode, error: null, snippet: Buffer.concat(chunks).toString('utf8').replace(/\uFFFD+$/, '') });
    } catch (e) {
      return done({ status: null, error: this.failure(e, signal), snippet: '' });
    }
  }

  /**
   * GETs `url` and reads the whole body. The timeout bounds the whole exchange: connecting, the headers
   * and every byte of the body (a server dripping one byte at a time is cut at the deadline). Never
   * follows redirects. `check` judges status and headers before the body is read (a message refuses
   * the answer); a body over `maxBytes` is refused. Every failure is an OutboundError with a message.
   */
  async get(url: string, opts: { headers?: Record<string, string>; maxBytes: number; check?: (status: number, headers: IncomingHttpHeaders) => string | null }): Promise<GetResult> {
    const target = this.target(url);
    if (typeof target === 'string') throw new OutboundError(target);
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    try {
      const res = await request(target, { method: 'GET', dispatcher: this.agentFor(target), headers: { ...opts.headers, 'user-agent': 'crm-service/1' }, signal });
      try {
        const refused = opts.check?.(res.statusCode, res.headers);
        if (refused) throw new OutboundError(refused);
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const c of res.body as AsyncIterable<Buffer>) {
          size += c.length;
          if (size > opts.maxBytes) throw new OutboundError(`the answer is larger than ${Math.round(opts.maxBytes / 1024)} KiB`);
          chunks.push(c);
        }
        return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
      } finally {
        res.body.destroy();
      }
    } catch (e) {
      if (e instanceof OutboundError) throw e;
      throw new OutboundError(this.failure(e, signal));
    }
  }

  /**
   * POSTs a JSON body and reads the whole answer (an API call: the language model of Ask). The client's
   * timeout bounds the exchange, and `signal` (a caller's total deadline, a client that went away) cuts it
   * too. Never follows redirects, never retries; an answer over `maxBytes` is refused. Every failure is an
   * OutboundError with a message.
   */
  async postJson(url: string, opts: { headers?: Record<string, string>; body: unknown; maxBytes: number; signal?: AbortSignal }): Promise<{ status: number; body: Buffer }> {
    const target = this.target(url);
    if (typeof target === 'string') throw new OutboundError(target);
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    const payload = Buffer.from(JSON.stringify(opts.body));
    try {
      const res = await request(target, {
        method: 'POST',
        dispatcher: this.agentFor(target),
        headers: { ...opts.headers, 'content-type': 'application/json', 'content-length': String(payload.length), 'user-agent': 'crm-service/1' },
        body: payload,
        signal,
      });
      try {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const c of res.body as AsyncIterable<Buffer>) {
          size += c.length;
          if (size > opts.maxBytes) throw new OutboundError(`the answer is larger than ${Math.round(opts.maxBytes / 1024)} KiB`);
          chunks.push(c);
        }
        return { status: res.statusCode, body: Buffer.concat(chunks) };
      } finally {
        res.body.destroy();
      }
    } catch (e) {
      if (e instanceof OutboundError) throw e;
      if (opts.signal?.aborted && !timeout.aborted) throw new OutboundError(String(opts.signal.reason instanceof Error ? opts.signal.reason.message : 'cancelled'));
      throw new OutboundError(this.failure(e, timeout));
    }
  }

  /** The URL to connect to, or why not (scheme; IP literals, which skip the guarded lookup, judged here). */
  private target(url: string): URL | string {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return 'invalid URL';
    }
    const plain = target.protocol === 'http:';
    if (target.protocol !== 'https:' && !(this.opts.policy.opensAny && plain)) return 'URL must be https';
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      if (this.opts.policy.refusal(host, host, plain)) return `refused address ${host}`;
    }
    return target;
  }

  private agentFor(target: URL): Agent {
    return target.protocol === 'http:' ? this.plain : this.tls;
  }

  /** The words for a failed exchange: the deadline, a refused address or the connection error. */
  private failure(e: unknown, signal: AbortSignal): string {
    if (signal.aborted) return `timeout after ${this.opts.timeoutMs / 1000} s`;
    const err = blockedCause(e);
    if (err) return err.message;
    const x = e as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    const code = x.cause?.code ?? x.code ?? 'error';
    return `${code}: ${x.cause?.message ?? x.message}`.slice(0, 300);
  }

  close(): void {
    void this.tls.destroy();
    void this.plain.destroy();
  }
}

/** The BlockedAddressError behind an undici connect error, if that is what it was. */
function blockedCause(e: unknown): BlockedAddressError | null {
  for (let x: unknown = e, i = 0; x && i < 5; x = (x as { cause?: unknown }).cause, i++) if (x instanceof BlockedAddressError) return x;
  return null;
}

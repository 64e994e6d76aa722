import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app';

/**
 * A loopback port free right now, for an app that must know its port before it starts: the links it
 * hands out carry the configured port (PUBLIC_PORT), and a browser test opens them.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/**
 * Makes the test app listen on 127.0.0.1 and returns the workspace base URL `http://<slug>.localhost:<port>`
 * plus a `fetch` for real client libraries: `*.localhost` does not resolve here and undici's fetch drops a
 * Host header, so requests go to 127.0.0.1 over node:http with the URL's host as Host header.
 */
export async function listenLoopback(t: TestApp): Promise<{ port: number; baseUrl: (host: string) => string; fetch: typeof fetch }> {
  await t.app.listen(0, '127.0.0.1');
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  return { port, baseUrl: (host) => `http://${host}:${port}`, fetch: loopbackFetch };
}

export const loopbackFetch: typeof fetch = async (input, init) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const url = new URL(req.url);
  if (url.protocol !== 'http:' || !(url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1')) {
    throw new TypeError(`loopbackFetch: refusing ${url.href}`);
  }
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => (headers[k] = v));
  headers.host = url.host;
  if (body) headers['content-length'] = String(body.length);
  return new Promise<Response>((resolve, reject) => {
    // agent: false, a connection per request: Node 20's global agent keeps sockets alive, and one the server
    // closes after its 5 s idle timeout just as a request reuses it fails that request with ECONNRESET
    const r = httpRequest({ host: '127.0.0.1', port: url.port || 80, agent: false, method: req.method, path: url.pathname + url.search, headers }, (res) => {
      const h = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (Array.isArray(v)) v.forEach((x) => h.append(k, x));
        else if (v !== undefined) h.set(k, v);
      }
      const status = res.statusCode ?? 500;
      const nullBody = [101, 204, 205, 304].includes(status) || req.method === 'HEAD';
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          res.on('data', (d: Buffer) => c.enqueue(new Uint8Array(d)));
          res.on('end', () => c.close());
          res.on('error', (e) => c.error(e));
        },
        cancel() {
          res.destroy();
        },
      });
      if (nullBody) res.resume();
      const out = new Response(nullBody ? null : stream, { status, statusText: res.statusMessage, headers: h });
      Object.defineProperty(out, 'url', { value: url.href });
      resolve(out);
    });
    r.on('error', reject);
    req.signal?.addEventListener('abort', () => r.destroy(new Error('aborted')));
    r.end(body);
  });
};

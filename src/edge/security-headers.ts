import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers (helmet): a CSP that forbids framing (`frame-ancestors 'none'`) and inline styles and
 * scripts (the web app sets its few dynamic styles through the CSSOM, which CSP allows; the server pages
 * have their own CSP with the style sheet's hash), nosniff, no referrer; HSTS only behind a
 * TLS-terminating proxy (TRUST_PROXY=1), where the public scheme is https. Only the OpenAPI UI under
 * /api/docs (a page of the swagger library, not ours) keeps `style-src 'unsafe-inline'` for its inline styles.
 */
export function securityHeaders(opts: { behindTlsProxy: boolean }): RequestHandler {
  const strict = helmetOnce(opts, false);
  const docs = helmetOnce(opts, true);
  return (req: Request, res: Response, next: NextFunction): void => {
    const { set, removed } = req.path === '/api/docs' || req.path.startsWith('/api/docs/') ? docs : strict;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers helmet writes, found by running its middleware once: none of them depends on the
 * request (no nonces), so each response gets the same list in one step instead of through helmet's
 * eleven middleware functions on every request.
 */
function helmetOnce(opts: { behindTlsProxy: boolean }, inlineStyles: boolean): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, [string, string]>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  let done = false;
  helmetFor(opts, inlineStyles)({} as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return { set: [...set.values()], removed };
}

function helmetFor(opts: { behindTlsProxy: boolean }, inlineStyles: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'img-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': inlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        ...(opts.behindTlsProxy ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: opts.behindTlsProxy ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

const ALLOW_HEADERS = 'Authorization, Content-Type, X-Request-Id';
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After, RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';

/**
 * CORS for /api/v1 only, and only for the configured origins (CORS_ORIGINS). Bearer tokens, no
 * cookies: credentials are not allowed. Without configured origins no CORS header is ever sent, so
 * browsers keep other sites' scripts from reading the API.
 */
export function apiCors(origins: string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (allowed.size === 0 || !(req.path === '/api/v1' || req.path.startsWith('/api/v1/'))) return next();
    res.vary('Origin');
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

const OAUTH_CORS_PATHS = /^\/(\.well-known\/(oauth-authorization-server|oauth-protected-resource(\/mcp)?)|oauth\/(register|token|revoke))$/;

/**
 * CORS for the authorization server's metadata, registration, token and revocation endpoints (browser-
 * based MCP clients call them): any origin, no cookies. Never on /oauth/authorize or the pages.
 */
export function oauthCors(req: Request, res: Response, next: NextFunction): void {
  if (!OAUTH_CORS_PATHS.test(req.path)) return next();
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS + ', WWW-Authenticate');
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, MCP-Protocol-Version');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  next();
}

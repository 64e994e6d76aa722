import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express, NextFunction, Response } from 'express';
import type pino from 'pino';
import type { AppConfig } from '../../platform/config/app-config';
import { checkBody } from '../../edge/body-guard';
import type { CrmRequest } from '../../edge/crm-request';
import { sendError, toDomainError } from '../../edge/error-mapping';
import { ApiRateLimits } from '../../edge/throttle';
import { requestContext } from '../../platform/common/request-context';
import { OAuthService } from '../../domain/identity/oauth/oauth.service';
import { slugFromHost, workspaceHostOf } from '../../domain/workspace/host';
import { WorkspaceService } from '../../domain/workspace/workspace.service';

type Edge = (req: CrmRequest, res: Response, next: NextFunction) => void;

/** The edge middleware of app.factory.ts that an ordinary token request passes through, the same instances. */
export interface TokenEdge {
  requestId: Edge;
  accessLog: Edge;
  securityHeaders: Edge;
  oauthCors: Edge;
  formBody: Edge;
}

export interface TokenFastPathDeps {
  config: AppConfig;
  log: pino.Logger;
  edge: TokenEdge;
  workspaces: WorkspaceService;
  limits: ApiRateLimits;
  oauth: OAuthService;
}

const FORM_UTF8 = /^application\/x-www-form-urlencoded\s*(;\s*charset="?utf-8"?\s*)?$/i;
const noop = (): void => undefined;

/**
 * POST /oauth/token (spec 4.12) without the router: the token endpoint is the one route whose
 * throughput is a target (a refresh must cost less than in an in-memory authorization server,
 * docs/performance.md), and walking Express's ~140 route layers plus Nest's middleware, guard, pipe
 * and filter chain cost more than the refresh itself. An ordinary request — a form body in UTF-8,
 * no Content-Encoding, a Content-Length within the body limit, a workspace that exists — goes through
 * the same edge middleware instances as every request (request id, access log, security headers,
 * OAuth CORS, the form body parser, the body check), the same workspace lookup and OAuth rate limit as
 * the Nest middleware, the same `OAuthService.token` as the controller, and errors through the same
 * `sendError`. Anything else (another content type or encoding, chunked, an unknown workspace, a query
 * string) is left to Express untouched, which answers it as before. docs/decisions/auth-and-oauth.md,
 * "Token endpoint without the router".
 */
export function attachTokenFastPath(server: Server, express: Express, deps: TokenFastPathDeps): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error(`token fast path: expected one request handler, found ${handlers.length}`);
  const [next] = handlers as [(req: IncomingMessage, res: ServerResponse) => void];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!ordinary(req, deps.config.bodyLimitBytes)) return next(req, res);
    const slug = slugFromHost(workspaceHostOf(req.headers, deps.config.trustProxy), deps.config.baseDomain, deps.config.defaultWorkspace);
    if (!slug) return next(req, res);
    deps.workspaces.findBySlug(slug).then(
      (ws) => {
        if (!ws) return next(req, res);
        // Express's request and response (req.ip with the trust proxy setting, req.path, res.status…)
        Object.setPrototypeOf(req, express.request);
        Object.setPrototypeOf(res, express.response);
        const r = req as unknown as CrmRequest;
        const s = res as unknown as Response;
        r.res = s;
        s.req = r;
        r.workspace = ws;
        serve(r, s, deps);
      },
      () => next(req, res),
    );
  });
}

function ordinary(req: IncomingMessage, limit: number): boolean {
  if (req.method !== 'POST' || req.url !== '/oauth/token') return false;
  const h = req.headers;
  if (h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined) return false;
  const type = h['content-type'];
  if (type === undefined || !FORM_UTF8.test(type)) return false;
  const length = h['content-length'];
  return length !== undefined && /^\d{1,9}$/.test(length) && Number(length) <= limit;
}

function serve(req: CrmRequest, res: Response, deps: TokenFastPathDeps): void {
  const { edge, log } = deps;
  const fail = (e: unknown) => sendError(req, res, toDomainError(e), log, e);
  try {
    edge.requestId(req, res, noop);
    edge.accessLog(req, res, noop);
    edge.securityHeaders(req, res, noop);
    edge.oauthCors(req, res, noop);
  } catch (e) {
    return fail(e);
  }
  edge.formBody(req, res, (err?: unknown) => {
    if (err) return fail(err);
    const problem = checkBody(req.body);
    if (problem) return fail(problem);
    requestContext.run({ requestId: req.id, workspace: req.workspace!.slug }, () => {
      respond(req, res, deps).catch(fail);
    });
  });
}

async function respond(req: CrmRequest, res: Response, deps: TokenFastPathDeps): Promise<void> {
  await deps.limits.consumeOAuth(req.ip, res);
  // the controller's @Header()s, which Nest sets once the guards have passed (errors carry them too)
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  const body = JSON.stringify(await deps.oauth.token(req.workspace!, req.body, req.headers.authorization));
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

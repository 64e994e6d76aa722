import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { CrmRequest } from './crm-request';
import { ApiRateLimits, ASK_PATH, isLimitedPath } from './throttle';
import { CredentialsService } from '../domain/identity/credentials.service';
import { rememberResolved } from './bearer';
import { ApiSessionCookies } from './api-session';
import { ConnectionUsageCounter } from '../domain/identity/connection-usage';
import { countUsage } from './usage';

/**
 * The API request limit, after the workspace is known and before any route runs: the bearer (or ERP
 * key header, or on /api/v1 the session cookie with its CSRF header) is resolved first (auth cache, or
 * one query); a verified credential counts against its own bucket, anything else — no credential, an
 * invented, revoked or expired one, a cookie without its header — against the client address. Unknown
 * routes are counted too.
 */
@Injectable()
export class ApiLimitMiddleware implements NestMiddleware {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly limits: ApiRateLimits,
    private readonly sessions: ApiSessionCookies,
    private readonly usage: ConnectionUsageCounter,
  ) {}

  async use(req: CrmRequest, res: Response, next: NextFunction): Promise<void> {
    try {
      // the path Express routes (an absolute-form target is already in origin form: src/edge/request-target.ts)
      const path = req.path.toLowerCase();
      if (!isLimitedPath(path)) return next();
      // the authorization server has its own per-address bucket (429 slow_down); it takes no bearer
      if (path.startsWith('/oauth/')) {
        await this.limits.consumeOAuth(req.ip, res);
        return next();
      }
      const ws = req.workspace;
      // a session cookie counts as its credential only with its CSRF header (else: the address)
      const presented = this.sessions.credentialOf(req, true);
      const token = presented && 'token' in presented ? presented.token : null;
      const resolved = ws && token ? await this.credentials.resolve(ws, token) : null;
      if (token) rememberResolved(req, token, resolved);
      if (resolved) countUsage(this.usage, req, res, resolved.credential);
      // ERP keys have their own, lower per-key limit (they are refused everywhere but /api/erp/v1)
      if (ws && resolved?.credential.kind === 'erp') await this.limits.consumeErp(`${ws.id}:${resolved.credential.id}`, res);
      else if (ws && resolved) await this.limits.consumeCredential(`${ws.id}:${resolved.credential.id}`, res);
      else await this.limits.consumeAddress(req.ip, res);
      // a question to Ask also counts against its user's own, lower limit (a POST only: other methods answer 405/404)
      if (ws && resolved?.user && path.replace(/\/+$/, '') === ASK_PATH && req.method === 'POST') await this.limits.consumeAsk(`${ws.id}:${resolved.user.id}`, res);
      next();
    } catch (e) {
      next(e);
    }
  }
}

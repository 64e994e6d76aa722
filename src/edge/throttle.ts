import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { LimiterFactory } from '../platform/database/redis.module';
import { DomainError } from '../platform/common/errors';
import { addressKey } from '../platform/common/address-key';

export { addressKey };

const WINDOW_SECONDS = 60;

/**
 * Paths the API request limits apply to. Give it the path Express routes (`req.path`), never the raw
 * request target; Express matches routes case-insensitively, so this does too.
 */
/** Routed paths with a per-user limit of their own besides the credential's (lower case). */
export const ASK_PATH = '/api/v1/ask';

export function isLimitedPath(routedPath: string): boolean {
  const path = routedPath.toLowerCase();
  return path.startsWith('/api/') || path.startsWith('/oauth/') || path === '/mcp' || path.startsWith('/mcp/');
}

/**
 * Per-minute request limits of the APIs (/api/*, /oauth/*, /mcp), after rate-limiter-flexible:
 * a verified credential has its own bucket (RATE_LIMIT_PER_MINUTE); everything else (no credential,
 * an unknown, revoked or malformed one) counts against the client address (RATE_LIMIT_ADDRESS_PER_MINUTE),
 * so inventing a new Authorization header per request gains nothing. Every answer carries the IETF
 * RateLimit headers; a refusal is 429 `rate_limited` with Retry-After.
 */
@Injectable()
export class ApiRateLimits {
  private readonly credential: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;
  private readonly oauth: RateLimiterAbstract;
  private readonly erp: RateLimiterAbstract;
  private readonly ask: RateLimiterAbstract;

  constructor(limiters: LimiterFactory, @Inject(APP_CONFIG) config: AppConfig) {
    this.credential = limiters.create('api:credential', { points: config.rateLimitPerMinute, duration: WINDOW_SECONDS });
    this.address = limiters.create('api:address', { points: config.rateLimitAddressPerMinute, duration: WINDOW_SECONDS });
    this.oauth = limiters.create('oauth:address', { points: config.rateLimitOAuthPerMinute, duration: WINDOW_SECONDS });
    this.erp = limiters.create('api:erp', { points: config.rateLimitErpPerMinute, duration: WINDOW_SECONDS });
    this.ask = limiters.create('api:ask', { points: config.ask.ratePerMinute, duration: WINDOW_SECONDS });
  }

  /**
   * Counts one question to Ask (POST /api/v1/ask, ASK_RATE_LIMIT_PER_MINUTE) per user, whichever of the
   * user's credentials asks (key: workspace and user id): each question costs model calls.
   */
  consumeAsk(key: string, res: Response): Promise<void> {
    return this.consume(this.ask, key, res);
  }

  /** Counts one request of a verified ERP key (RATE_LIMIT_ERP_PER_MINUTE; key: workspace and credential id). */
  consumeErp(key: string, res: Response): Promise<void> {
    return this.consume(this.erp, key, res);
  }

  /** Counts one request to the authorization server (/oauth/*) per client address (RATE_LIMIT_OAUTH_PER_MINUTE). */
  consumeOAuth(ip: string | undefined, res: Response): Promise<void> {
    return this.consume(this.oauth, addressKey(ip), res);
  }

  /** Counts one request of a verified credential (key: workspace and credential id). */
  consumeCredential(key: string, res: Response): Promise<void> {
    return this.consume(this.credential, key, res);
  }

  /** Counts one request without a verified credential. */
  consumeAddress(ip: string | undefined, res: Response): Promise<void> {
    return this.consume(this.address, addressKey(ip), res);
  }

  private async consume(limiter: RateLimiterAbstract, key: string, res: Response): Promise<void> {
    let result: RateLimiterRes;
    let refused = false;
    try {
      result = await limiter.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      result = e;
      refused = true;
    }
    const reset = Math.max(0, Math.ceil(result.msBeforeNext / 1000));
    res.setHeader('RateLimit-Policy', `${limiter.points};w=${limiter.duration}`);
    res.setHeader('RateLimit-Limit', String(limiter.points));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
    res.setHeader('RateLimit-Reset', String(reset));
    if (refused) throw new DomainError('rate_limited', 'per-minute request limit exceeded', {}, Math.max(1, reset));
  }
}

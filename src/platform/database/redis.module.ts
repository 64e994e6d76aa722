import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

export interface LimiterOptions {
  /** Points per window. */
  points: number;
  /** Window in seconds. */
  duration: number;
  /** Seconds a key stays refused once over its points (0: until the window ends). */
  blockDuration?: number;
}

/**
 * rate-limiter-flexible limiters: on Redis (shared by every instance) when REDIS_URL is set, in memory
 * otherwise. A Redis limiter falls back to an in-memory one while Redis is unreachable, so an outage
 * of Redis degrades limits to per-instance instead of refusing or failing requests.
 */
@Injectable()
export class LimiterFactory {
  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  create(name: string, opts: LimiterOptions): RateLimiterAbstract {
    const keyPrefix = `${this.config.redisKeyPrefix}:rl:${name}`;
    const base = { keyPrefix, points: opts.points, duration: opts.duration, blockDuration: opts.blockDuration ?? 0 };
    if (!this.redis) return new RateLimiterMemory(base);
    return new RateLimiterRedis({ ...base, storeClient: this.redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(base) });
  }
}

/** A shared Redis client when REDIS_URL is set; null otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null),
    },
    LimiterFactory,
  ],
  exports: [REDIS, LimiterFactory],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

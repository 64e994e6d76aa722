import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { sha256Hex } from '../crypto';
import type { CrmRequest } from './crm-request';

/** Per-minute request limit on the APIs, keyed by credential (or client address without one). */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const r = req as unknown as CrmRequest;
    const auth = r.headers.authorization ?? r.headers['x-service-erp-key'];
    const who = typeof auth === 'string' && auth ? `k:${sha256Hex(auth).slice(0, 32)}` : `ip:${r.ip}`;
    return `${r.workspace?.id ?? r.hostname}:${who}`;
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<CrmRequest>();
    return !(req.path.startsWith('/api/') || req.path.startsWith('/oauth/') || req.path === '/mcp');
  }
}

const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blockTtl = tonumber(ARGV[3])
end
return {hits, ttl, blockTtl}
`;

/** Shared limit across instances when REDIS_URL is set. */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly redis: Redis) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    const base = `crm:throttle:${throttlerName}:${key}`;
    const [hits, ttlMs, blockMs] = (await this.redis.eval(INCREMENT, 2, `${base}:hits`, `${base}:block`, ttl, limit, blockDuration || ttl)) as number[];
    const isBlocked = blockMs > 0 && hits > limit;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.max(1, Math.ceil(blockMs / 1000)) : 0,
    };
  }
}

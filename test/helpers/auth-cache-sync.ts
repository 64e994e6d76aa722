import { AuthCache } from '../../src/domain/workspace/auth-cache';

/** A started app (a TestApp or a Nest application). */
interface WithAuthCache {
  get(type: typeof AuthCache): AuthCache;
}

/**
 * Waits until instance `to` has applied every auth-cache invalidation published before this call (by any
 * instance): it hears NOTIFYs in commit order, so once it applies a marker that `from` publishes now, it has
 * applied the earlier ones. A test that caches an entry on `to` and then expects it to stay must wait for this
 * first: an invalidation heard late (creating a user drops the workspace's credentials) would drop the entry
 * (a loaded CI machine delivered one that late, in auth-cache.e2e and pgbouncer.e2e).
 */
export async function invalidationsDrained(from: WithAuthCache, to: WithAuthCache, limitMs = 5_000): Promise<void> {
  const cache = to.get(AuthCache) as unknown as { apply(msg: { t: string; id?: number }): void };
  const id = -1 - Math.floor(Math.random() * 1e9);
  const applied = jest.spyOn(cache, 'apply');
  try {
    await from.get(AuthCache).invalidateCredential(0, id);
    const started = Date.now();
    while (!applied.mock.calls.some(([m]) => m.t === 'c' && m.id === id)) {
      if (Date.now() - started > limitMs) throw new Error(`the marker invalidation was not heard within ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    applied.mockRestore();
  }
}

import type { UnitOfWork } from '../../../src/platform/database/unit-of-work';
import { RefreshRotation } from '../../../src/domain/identity/oauth/refresh-rotation';

/** The batching of RefreshRotation against a fake statement runner (the SQL itself: test/e2e/oauth/oauth-refresh.e2e-spec.ts). */
type Params = unknown[];

function fakeUow(answer: (params: Params) => Promise<{ token_hash: string; scopes: string[] }[]>, inTransaction = false) {
  const calls: Params[] = [];
  const uow = {
    inTransaction,
    statement: (_ws: number, _sql: string, params: Params) => {
      calls.push(params);
      return answer(params);
    },
  } as unknown as UnitOfWork;
  return { uow, calls };
}

/** Every rotation of the statement takes its old token: both new rows come back. */
const allTaken = async (p: Params) => {
  const access = p[4] as string[];
  const refresh = p[6] as string[];
  return access.flatMap((a, i) => [
    { token_hash: a, scopes: ['crm.read'] },
    { token_hash: refresh[i]!, scopes: ['crm.read'] },
  ]);
};

const hash = (i: number) => String(i).padStart(64, '0');

describe('RefreshRotation', () => {
  it('sends the first refreshes at once and the ones that wait meanwhile together, each answered with its own pair', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { uow, calls } = fakeUow(async (p) => {
      await gate;
      return allTaken(p);
    });
    const rotation = new RefreshRotation(uow);
    const pending = Array.from({ length: 7 }, (_, i) => rotation.rotate(1, hash(i), 'cl_x', null));
    // the first runs at once; the six others wait for it and go in the next statement
    expect(calls.map((c) => (c[0] as string[]).length)).toEqual([1]);
    release();
    const out = await Promise.all(pending);
    expect(calls.map((c) => (c[0] as string[]).length)).toEqual([1, 6]);
    expect(calls[1]![0]).toEqual([1, 2, 3, 4, 5, 6].map(hash));
    expect(new Set(out.map((r) => r!.refreshToken)).size).toBe(7);
    for (const r of out) {
      expect(r!.accessToken).toMatch(/^mcp_[A-Za-z0-9_-]{43}$/);
      expect(r!.refreshToken).toMatch(/^mcpr_[A-Za-z0-9_-]{43}$/);
      expect(r!.scopes).toEqual(['crm.read']);
    }
  });

  it('answers null to a refresh whose old token was not taken, beside one that was, and passes the scope asked for', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { uow, calls } = fakeUow(async (p) => {
      await gate;
      const old = p[0] as string[];
      // the rotation of hash(1) takes nothing (spent, other client, scope too wide…)
      return (await allTaken(p)).filter((_, row) => old[Math.floor(row / 2)] !== hash(1));
    });
    const rotation = new RefreshRotation(uow);
    const first = [rotation.rotate(1, hash(7), 'cl_x', null)];
    const [a, b] = [rotation.rotate(1, hash(1), 'cl_x', ['crm.read', 'crm.write']), rotation.rotate(1, hash(2), 'cl_y', null)];
    release();
    await Promise.all(first);
    expect(calls[1]![0]).toEqual([hash(1), hash(2)]);
    expect(calls[1]![1]).toEqual(['cl_x', 'cl_y']);
    expect(calls[1]![2]).toEqual(['crm.read crm.write', null]);
    expect(await a).toBeNull();
    expect((await b)!.refreshToken).toMatch(/^mcpr_/);
  });

  it('a statement that fails as a whole runs each of its refreshes again alone; only the bad one fails', async () => {
    const { uow, calls } = fakeUow(async (p) => {
      const old = p[0] as string[];
      if (old.length > 1) throw new Error('batch failed');
      if (old[0] === hash(9)) throw new Error('this one is broken');
      return allTaken(p);
    });
    const rotation = new RefreshRotation(uow);
    const results = await Promise.allSettled([1, 2, 9, 3, 4].map((i) => rotation.rotate(1, hash(i), 'cl_x', null)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('this one is broken');
    // 1 alone, then [2, 9, 3, 4] failed and each went alone
    expect(calls.map((c) => (c[0] as string[]).length)).toEqual([1, 4, 1, 1, 1, 1]);
  });

  it('workspaces do not share statements', async () => {
    const seen: [number, string[]][] = [];
    const uow = {
      inTransaction: false,
      statement: (ws: number, _sql: string, p: Params) => {
        seen.push([ws, p[0] as string[]]);
        return allTaken(p);
      },
    } as unknown as UnitOfWork;
    const rotation = new RefreshRotation(uow);
    await Promise.all([1, 1, 1, 1, 2, 2, 2, 2].map((ws, i) => rotation.rotate(ws, hash(ws * 100 + i), 'cl_x', null)));
    for (const [ws, hashes] of seen) for (const h of hashes) expect(Math.floor(Number(h) / 100)).toBe(ws);
    expect(seen.flatMap(([, h]) => h)).toHaveLength(8);
  });

  it('refuses to run inside a unit of work (its statement would carry other requests\' rotations)', () => {
    const { uow } = fakeUow(allTaken, true);
    expect(() => new RefreshRotation(uow).rotate(1, hash(1), 'cl_x', null)).toThrow(/not inside a unit of work/);
  });
});

import { DataSource, QueryFailedError } from 'typeorm';
import { rawMany } from '../../../src/platform/database/direct-query';
import { startApp, TestApp } from '../../helpers/test-app';

let t: TestApp;
let ds: DataSource;
const table = `direct_query_probe_${process.pid}`;

beforeAll(async () => {
  t = await startApp();
  ds = t.get(DataSource);
  await ds.manager.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text)`);
});
afterAll(async () => {
  await ds.manager.query(`DROP TABLE IF EXISTS ${table}`);
  await t.close();
});

/** The same statement through a query runner of its own, as TypeORM's manager runs it. */
async function viaRunner(query: string, params?: unknown[]): Promise<unknown> {
  const runner = ds.createQueryRunner();
  try {
    return await runner.query(query, params);
  } finally {
    await runner.release();
  }
}

const pool = () => (ds.driver as unknown as { master: { totalCount: number; idleCount: number; waitingCount: number } }).master;

describe('manager.query outside a unit of work: on the pool, answering as a query runner answers', () => {
  it('runs the statement without a query runner', async () => {
    // the app's background workers may open runners of their own meanwhile: what counts is that none ran this statement
    const probe = 'SELECT $1::int AS n /* direct-query probe */';
    const create = ds.createQueryRunner.bind(ds);
    let ranOnRunner = 0;
    const made = jest.spyOn(ds, 'createQueryRunner').mockImplementation((mode) => {
      const runner = create(mode);
      const query = runner.query.bind(runner);
      runner.query = ((text: string, ...rest: unknown[]) => {
        if (text === probe) ranOnRunner++;
        return (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
      }) as typeof runner.query;
      return runner;
    });
    try {
      expect(await ds.manager.query(probe, [1])).toEqual([{ n: 1 }]);
      expect(ranOnRunner).toBe(0);
      // the check itself counts: the same statement through a runner is seen
      await viaRunner(probe, [1]);
      expect(ranOnRunner).toBe(1);
    } finally {
      made.mockRestore();
    }
  });

  it('answers what a query runner answers: rows, [rows, count] for UPDATE and DELETE, nothing for several statements', async () => {
    // each statement once on the pool and once through a runner, on rows of their own (ids 1-2 and 11-12)
    const statements: [string, (base: number) => unknown[] | undefined][] = [
      [`INSERT INTO ${table} (id, name) VALUES ($1, 'a'), ($2, 'b') RETURNING name`, (n) => [n + 1, n + 2]],
      [`SELECT name FROM ${table} WHERE id = ANY($1) ORDER BY id`, (n) => [[n + 1, n + 2]]],
      [`UPDATE ${table} SET name = name || '!' WHERE id = $1 RETURNING name`, (n) => [n + 1]],
      [`UPDATE ${table} SET name = name WHERE id = $1`, (n) => [n + 1]],
      [`UPDATE ${table} SET name = name WHERE id = $1`, () => [99]],
      [`SELECT 1 AS one; SELECT 2 AS two`, () => undefined],
      [`DELETE FROM ${table} WHERE id = $1 RETURNING name`, (n) => [n + 2]],
    ];
    const answers: unknown[] = [];
    for (const [text, params] of statements) {
      const direct: unknown = await ds.manager.query(text, params(0));
      expect({ text, answer: direct }).toEqual({ text, answer: await viaRunner(text, params(10)) });
      answers.push(direct);
    }
    expect(answers).toEqual([[{ name: 'a' }, { name: 'b' }], [{ name: 'a' }, { name: 'b' }], [[{ name: 'a!' }], 1], [[], 1], [[], 0], undefined, [[{ name: 'b' }], 1]]);
  });

  it('wraps a driver error in QueryFailedError and gives every connection back, broken or not', async () => {
    const err = await ds.manager.query('SELECT 1 / $1::int', [0]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryFailedError);
    expect((err as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('22012');
    expect((err as QueryFailedError).query).toBe('SELECT 1 / $1::int');
    // more failures than the pool has connections: a connection kept after a failure would leave the last ones waiting
    const failures = await Promise.all(Array.from({ length: 40 }, () => ds.manager.query('SELECT 1 / 0').then(() => 'answered', () => 'failed')));
    expect(failures).toEqual(Array.from({ length: 40 }, () => 'failed'));
    expect(await ds.manager.query('SELECT $1::int AS n', [7])).toEqual([{ n: 7 }]);
    expect(pool().waitingCount).toBe(0);
    expect(pool().idleCount).toBe(pool().totalCount);
  });

  it('leaves a statement to the query runner when the runner does more: a subscriber sees it', async () => {
    const seen: string[] = [];
    const subscriber = { beforeQuery: (e: { query: string }) => void seen.push(e.query) };
    ds.subscribers.push(subscriber);
    const made = jest.spyOn(ds, 'createQueryRunner');
    try {
      expect(await ds.manager.query('SELECT $1::text AS s', ['x'])).toEqual([{ s: 'x' }]);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
      ds.subscribers.splice(ds.subscribers.indexOf(subscriber), 1);
    }
    expect(seen).toEqual(['SELECT $1::text AS s']);
  });

  it('reads the raw rows of a select builder as getRawMany does, without a query runner; inside a transaction on its connection', async () => {
    await ds.manager.query(`INSERT INTO ${table} (id, name) VALUES (21, 'x'), (22, 'y'), (23, 'z')`);
    const qb = () => ds.manager.createQueryBuilder().select('p.name', 'name').addSelect('p.id + 1', 'next').from(table, 'p').where('p.id > :min', { min: 21 }).orderBy('p.id', 'DESC');
    const made = jest.spyOn(ds, 'createQueryRunner');
    try {
      const rows = await rawMany(qb());
      expect(made).not.toHaveBeenCalled();
      expect(rows).toEqual(await qb().getRawMany());
      expect(rows).toEqual([{ name: 'z', next: 24 }, { name: 'y', next: 23 }]);
      // a builder of the transaction's manager reads what the transaction wrote and has not committed
      const inside = await ds.transaction(async (m) => {
        await m.query(`UPDATE ${table} SET name = 'changed' WHERE id = 21`);
        return rawMany(m.createQueryBuilder().select('p.name', 'name').from(table, 'p').where('p.id = :id', { id: 21 }).setLock('pessimistic_write'));
      });
      expect(inside).toEqual([{ name: 'changed' }]);
    } finally {
      made.mockRestore();
    }
  });
});

import { Client } from 'pg';

/** One statement sent by the `pg` driver (text and parameter values as given). */
export interface LoggedQuery {
  text: string;
  values: unknown[];
}

let active: LoggedQuery[] | null = null;
let wrapper: typeof Client.prototype.query | undefined;
/** The wrapper that records: an older one still in the chain under another file's must not record twice. */
let generation = 0;

/**
 * Records every statement that any `pg` client of this process sends while `fn` runs (the app's TypeORM
 * pool included): to count round trips and to EXPLAIN the SQL a request really runs. One capture at a time.
 * The wrapper is put back when another file of the same group restored the driver's `query` over it (a file that
 * counts round trips its own way), else such a capture would see no statement at all.
 */
export async function captureQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: LoggedQuery[] }> {
  if (!wrapper || Client.prototype.query !== wrapper) {
    const original = Client.prototype.query;
    const mine = ++generation;
    wrapper = function (this: Client, ...args: unknown[]) {
      const [first, second] = args;
      if (active && mine === generation) {
        const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
        const values = Array.isArray(second) ? second : ((first as { values?: unknown[] })?.values ?? []);
        if (text) active.push({ text, values });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof Client.prototype.query;
    Client.prototype.query = wrapper;
  }
  if (active) throw new Error('captureQueries: one capture at a time');
  const queries: LoggedQuery[] = [];
  active = queries;
  try {
    return { result: await fn(), queries };
  } finally {
    active = null;
  }
}

/** Tables only the background workers touch while a read runs (a read request writes none of them). */
export const BACKGROUND = /\b(email_messages|outbox_events|webhook_deliveries|workflow_runs|workflow_cursors|workflow_fired|import_jobs|forecast_snapshot_weeks|forecast_snapshots)\b/;

/**
 * Statements of a request beyond its auth context, from the calls a `jest.spyOn(Client.prototype,
 * 'query')` saw: whether the cached auth context reloads (1 s entries on the embedded database) depends
 * on timing, not on the request.
 */
export function ownQueryCount(calls: unknown[][]): number {
  return calls.filter((c) => {
    const text = typeof c[0] === 'string' ? c[0] : String((c[0] as { text?: string } | undefined)?.text ?? '');
    // background workers of the same process (mail sending, the outbox, workflows, imports, snapshots) poll on their
    // own timers; on a slow embedded database a poll overlaps every try of a read
    return !/"credentials"|"workspaces"|pg_notify/.test(text) && !BACKGROUND.test(text);
  }).length;
}

/**
 * The statements a request sends beyond its auth context, as the fewest over `tries` runs of `fn`:
 * background work of the same process (the outbox dispatcher woken by the writes just before, a cache
 * reload) only ever adds statements, so the minimum is the request's own count on a loaded machine too.
 */
export async function requestQueryCount(fn: () => Promise<unknown>, tries = 3): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < tries; i++) {
    const { queries } = await captureQueries(fn);
    fewest = Math.min(fewest, ownQueryCount(queries.map((q) => [q.text])));
  }
  return fewest;
}

/**
 * Runs `capture` up to `tries` times and answers the result with the fewest statements by `count`:
 * background work of the same process (the outbox dispatcher woken by earlier writes, a cache reload)
 * only ever adds statements, so the fewest is the request's own on a loaded machine too. `fn` must be a read.
 */
export async function fewestRun<T>(capture: () => Promise<T>, count: (r: T) => number, tries = 3): Promise<T> {
  let best: T | undefined;
  for (let i = 0; i < tries; i++) {
    const r = await capture();
    if (best === undefined || count(r) < count(best)) best = r;
  }
  return best as T;
}

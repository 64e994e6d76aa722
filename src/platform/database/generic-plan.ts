/**
 * A hot statement as a named prepared statement with a generic plan, on the connections where that
 * plan is known to be good. Parsing and planning cost more than executing a short write (0.6-0.8 ms of
 * planning against ~0.5 ms of execution for the refresh rotation): a generic plan is made once per
 * connection instead. But a generic plan made while a table is small (a new installation, a test
 * database; no statistics without autovacuum) can scan a whole workspace where a key lookup is meant,
 * and it is kept for the life of the connection while the table grows. So before a connection uses
 * one, the generic plan is made under the same name space, read with EXPLAIN and checked by the
 * caller's `planOk`; a connection whose plan fails the check keeps planning the statement per call
 * (custom plans, as an unnamed statement) and checks again later. docs/decisions/auth-and-oauth.md,
 * "Generic plan of the refresh rotation".
 */

/** A node of EXPLAIN (FORMAT JSON). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Total Cost'?: number;
  Plans?: PlanNode[];
}

export interface GenericPlanSpec {
  /** The prepared statement's name: one per statement text. */
  name: string;
  /** Whether the generic plan may be kept by the connection (it stays while tables grow). */
  planOk(plan: PlanNode): boolean;
}

/** The part of a node-postgres client this needs. */
export interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

interface ClientState {
  /** Statement names whose generic plan this connection uses. */
  generic: Set<string>;
  /** When each refused statement may be checked again (ms since epoch). */
  retryAt: Map<string, number>;
}

/** How long a connection whose generic plan was refused plans per call before it checks again. */
export const RECHECK_MS = 2_000;

const CHECK_NAME = 'crm_generic_plan_check';

/** Every scan node of a plan, depth first. */
export function scans(plan: PlanNode): PlanNode[] {
  const own = plan['Relation Name'] !== undefined && plan['Node Type'] !== 'ModifyTable' ? [plan] : [];
  return own.concat(...(plan.Plans ?? []).map(scans));
}

export class GenericPlans {
  private readonly state = new WeakMap<object, ClientState>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `text` on `client`: by its generic plan where that was checked good, else planned for these values. */
  async query(client: PgClient, spec: GenericPlanSpec, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
    let st = this.state.get(client);
    if (!st) this.state.set(client, (st = { generic: new Set(), retryAt: new Map() }));
    if (!st.generic.has(spec.name) && (st.retryAt.get(spec.name) ?? 0) <= this.now()) {
      if (await this.check(client, spec, text)) st.generic.add(spec.name);
      else st.retryAt.set(spec.name, this.now() + RECHECK_MS);
    }
    if (st.generic.has(spec.name)) return (await client.query({ name: spec.name, text, values })).rows;
    return (await client.query(text, values)).rows;
  }

  /**
   * Makes the generic plan (plan_cache_mode = force_generic_plan, which only named statements obey:
   * the ORM's statements are unnamed) and asks the caller about it. The setting stays on the
   * connection when the plan is good, so the named statement gets the same plan at its first call.
   */
  private async check(client: PgClient, spec: GenericPlanSpec, text: string): Promise<boolean> {
    let ok = false;
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE ${CHECK_NAME} AS ${text}`);
      try {
        const params = (text.match(/\$(\d+)/g) ?? []).reduce((n, p) => Math.max(n, Number(p.slice(1))), 0);
        const nulls = Array.from({ length: params }, () => 'NULL').join(', ');
        const [row] = (await client.query(`EXPLAIN (FORMAT JSON) EXECUTE ${CHECK_NAME}${params ? `(${nulls})` : ''}`)).rows;
        const out = row!['QUERY PLAN'];
        const doc = (typeof out === 'string' ? JSON.parse(out) : out) as { Plan: PlanNode }[];
        ok = spec.planOk(doc[0]!.Plan);
      } finally {
        await client.query(`DEALLOCATE ${CHECK_NAME}`);
      }
    } catch {
      ok = false;
    }
    if (!ok) await client.query('RESET plan_cache_mode').catch(() => undefined);
    return ok;
  }
}

import { addDays, formatTimestamp } from '../../../platform/common/time';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { spanLevel } from '../../../platform/database/migrations/1795495000000-OpenLevels';
import type { FunnelEntries } from './funnel.rules';
import { toCents, type HistoryRow } from './report.types';

/**
 * The reads of the reports (docs/decisions/reports.md, "Reading the history fast"). Each returns, per
 * opportunity, only the history rows its report's rules look at — the state at a moment, the row that closed the
 * record, the row that started its current stage — found through the links the database keeps on every row
 * (`valid_to`, `prev_stage`, `prev_role`: migration HistorySpans) and their partial indexes, instead of every row
 * up to the end of the period. The rules answer on these rows as on the whole history
 * (test/unit/reports/reports-rules.spec.ts, "reading only what the rules look at").
 */

/** Which records count: the caller's visibility (owners, null = all) and the product and source filters (current values). */
export interface ReadScope {
  timezone: string;
  visible: number[] | null;
  productId?: number;
  source?: string;
}

interface RawRow {
  id: number;
  opp_id: number;
  /** Milliseconds since the epoch (the day is found here: `days`). */
  at: number;
  stage: string;
  role: string;
  value_base: string;
  close_date: string;
  owner_id: number;
  fc: string;
  prob: string;
  /** The win-rate read: a row of the same state at this time (ms) precedes it (the start of its stage). */
  since?: number | null;
  /** The win-rate read: a row of this stage and role at the same time precedes it (the open row before a close). */
  prev_stage?: string | null;
  prev_role?: string | null;
  /** The win-rate read: the time (ms) of the record's first row (a won close: the cycle's start). */
  first?: number | null;
}

/** The columns a read carries (`R`, of `h`) and how they are returned (`OUT`, of the read's rows `r`). */
const LEVEL = spanLevel('h.');
const R = `h.id, h.opp_id, h.at, h.stage, h.role, h.value_base, h.close_date, h.owner_id, h.fc, h.prob`;
const OUT = `r.id, r.opp_id, (extract(epoch FROM r.at) * 1000)::float8 AS at, r.stage, r.role, r.value_base::text AS value_base,
  r.close_date::text AS close_date, r.owner_id, r.fc, r.prob::text AS prob`;

const DAY = 86_400_000;
/** Per zone, the UTC offset (ms) of each UTC day on which it does not change (NaN: it changes that day). */
const offsets = new Map<string, Map<number, number>>();
/** `YYYY-MM-DD` of day numbers (days since the epoch). */
const names = new Map<number, string>();

/**
 * The workspace-local day of an instant, in the service rather than by the statement (formatting 30,000 rows'
 * days there was a tenth of the slowest report's time): the zone's offset is asked of Intl once per UTC day.
 */
function dayIn(ms: number, tz: string): string {
  const d = Math.floor(ms / DAY);
  let zone = offsets.get(tz);
  if (!zone) offsets.set(tz, (zone = new Map()));
  let offset = zone.get(d);
  if (offset === undefined) {
    const at = (t: number) => Date.parse(`${formatTimestamp(new Date(t), tz)}Z`) - Math.floor(t / 1000) * 1000;
    const start = at(d * DAY);
    offset = start === at(d * DAY + DAY - 1) ? start : NaN;
    if (zone.size >= 20_000) zone.clear();
    zone.set(d, offset);
  }
  if (Number.isNaN(offset)) return formatTimestamp(new Date(ms), tz).slice(0, 10);
  const local = Math.floor((ms + offset) / DAY);
  let name = names.get(local);
  if (name === undefined) {
    const iso = new Date(local * DAY).toISOString();
    name = iso.length === 24 ? iso.slice(0, 10) : formatTimestamp(new Date(ms), tz).slice(0, 10);
    if (names.size >= 20_000) names.clear();
    names.set(local, name);
  }
  return name;
}

/** A statement's parameters after $1 (workspace) and $2 (time zone), with the scope's condition on `o`. */
class Params {
  readonly list: unknown[];
  constructor(readonly s: ReadScope) {
    this.list = [s.timezone];
  }
  add(v: unknown): string {
    return `$${this.list.push(v) + 1}`;
  }
  /** The end of a workspace-local day (the start of the next one) as a timestamp. */
  endOf(day: string): string {
    return `(${this.add(addDays(day, 1))}::date::timestamp AT TIME ZONE $2)`;
  }
  startOf(day: string): string {
    return `(${this.add(day)}::date::timestamp AT TIME ZONE $2)`;
  }
  /** `k.opp_id` of a record the caller may see and the product/source filters keep. */
  scoped(k: string): string {
    const w = [`o.workspace_id = $1`, `o.id = ${k}.opp_id`];
    if (this.s.visible) w.push(`o.owner_id = ANY(${this.add(this.s.visible)}::int[])`);
    if (this.s.productId !== undefined) w.push(`o.product_id = ${this.add(this.s.productId)}`);
    if (this.s.source !== undefined) w.push(`o.source = ${this.add(this.s.source)}`);
    // no condition (an admin, no filter): every history row's record exists (the service deletes no opportunity,
    // spec §4.4), so no probe per row (a third of the buffers of a past period's read: docs/performance.md)
    if (w.length === 2) return 'true';
    // a scalar subquery, not EXISTS: the planner keeps it a probe per row; as a semi-join it hashed every record
    // of the workspace (it expects ten times the open rows there are; docs/performance.md, "Reports")
    return `(SELECT true FROM opportunities o WHERE ${w.join(' AND ')} LIMIT 1) IS NOT NULL`;
  }
}

/**
 * The open rows whose span covers moment `t` (the open states then), through IDX_opp_history_open_level (migration
 * OpenLevels): the records' latest rows begun before `t`, and per level k of a span's length (2^k to 2^(k+1)
 * seconds) the rows begun in the 2^(k+1) seconds before `t` that reach it — a range of the index per level, read
 * in the index (valid_to is in it), about twice the rows found, for a moment today or years back alike. The
 * margin (2.002) covers the rounding of log2 at a power of two. OFFSET 0 keeps each level a probe of the index
 * (the planner, expecting more rows, joined the levels to a scan of the history).
 */
export const openAt = (t: string, extra = '', cols = R) =>
  `SELECT ${cols} FROM opp_history h WHERE h.workspace_id = $1 AND h.role = 'open' AND ${LEVEL} = -1 AND h.at < ${t}${extra}
   UNION ALL SELECT x.* FROM (SELECT k, CASE WHEN k < 31 THEN ${t} - (2.002 * 2 ^ k) * interval '1 second' ELSE '-infinity' END AS lo FROM generate_series(0, 31) AS k) l
     CROSS JOIN LATERAL (SELECT ${cols} FROM opp_history h WHERE h.workspace_id = $1 AND h.role = 'open' AND ${LEVEL} = l.k
       AND h.at > l.lo AND h.at < ${t} AND h.valid_to >= ${t}${extra} OFFSET 0) x`;
/** The last close of each record in `[t0, t1)` (a closed row after an open one, or a record created closed), through IDX_opp_history_closes. */
const lastCloses = (t0: string, t1: string) =>
  `SELECT DISTINCT ON (h.opp_id) ${R}, h.prev_stage, h.prev_role, h.valid_to FROM opp_history h
    WHERE h.workspace_id = $1 AND h.role <> 'open' AND (h.prev_role IS NULL OR h.prev_role = 'open') AND h.at >= ${t0} AND h.at < ${t1}
    ORDER BY h.opp_id, h.at DESC, h.id DESC`;
/**
 * The row of record `k.opp_id` whose span covers moment `t` (its state then), through IDX_opp_history_span. There
 * is one: the LIMIT keeps it a probe per record (without it the planner, expecting many more records than there
 * are, joined a scan of the whole history at 1,000,000 rows: docs/performance.md, "Reports").
 */
const rowAt = (k: string, t: string) => `SELECT ${R} FROM opp_history h WHERE h.workspace_id = $1 AND h.opp_id = ${k}.opp_id AND h.valid_to >= ${t} AND h.at < ${t} LIMIT 1`;
/** rowAt, sent only when row `k` (of `R` columns and `valid_to`, before `t`) is not itself the state at `t`. */
const rowAtUnless = (k: string, t: string) => rowAt(k, t).replace(' LIMIT 1', ` AND ${k}.valid_to < ${t} LIMIT 1`);
/**
 * The state at `t` of the record of row `k` (of `R` columns and `valid_to`, before `t`): that row when its span
 * reaches `t` (no later change before `t`), else a probe. Most closes are their record's last change: no probe.
 */
const rowAtFrom = (k: string, t: string) => `SELECT ${R.replace(/h\./g, `${k}.`)} WHERE ${k}.valid_to >= ${t} UNION ALL (${rowAtUnless(k, t)})`;

export class HistoryReads {
  constructor(private readonly db: TenantDb) {}

  /**
   * The rows of `rows` (a CTE of `R` columns, possibly repeating a row), grouped by record in the order of the
   * changes: ordered here, not by the statement (whose sort of 30,000 wide rows spilled to disk).
   */
  private async rows(p: Params, ctes: string, extra = ''): Promise<Map<number, HistoryRow[]>> {
    const raw = await this.db.sql<RawRow>(`WITH ${ctes} SELECT ${OUT}${extra} FROM rows r`, p.list);
    // the rows a row stands for (winRate), made here rather than sent: a negative id, sorted before the row (by time)
    for (let i = 0, n = raw.length; i < n; i++) {
      const r = raw[i];
      if (r.since != null && r.since < r.at) raw.push({ ...r, id: -r.id, at: r.since, since: null });
      if (r.prev_role != null) raw.push({ ...r, id: -r.id, stage: r.prev_stage!, role: r.prev_role, prev_role: null, first: null });
      // the first row, of which createdDay looks at the day only (an index-only read instead of the row)
      if (r.first != null && r.first < r.at) raw.push({ ...r, id: -r.id, at: r.first, prev_role: null, first: null });
    }
    raw.sort((x, y) => x.opp_id - y.opp_id || x.at - y.at || x.id - y.id);
    const out = new Map<number, HistoryRow[]>();
    raw.forEach((r, i) => {
      // a row two parts of the read found comes twice, next to itself (the order is by record, time and id)
      if (i > 0 && raw[i - 1].id === r.id && raw[i - 1].at === r.at) return;
      const row: HistoryRow = {
        oppId: r.opp_id,
        day: dayIn(r.at, p.s.timezone),
        seq: i,
        stage: r.stage,
        role: r.role,
        cents: toCents(Number(r.value_base)),
        closeDate: r.close_date,
        ownerId: r.owner_id,
        fc: r.fc,
        prob: Number(r.prob),
      };
      const list = out.get(r.opp_id);
      if (list) list.push(row);
      else out.set(r.opp_id, [row]);
    });
    return out;
  }

  /**
   * Pipeline movement: of the records open and due in the window at the start of `from` or at the end of `to`,
   * their states at those two moments (what pipelineMovement reads; a record in neither adds no term). The open
   * states at both moments are read whole (due or not: a record due at one moment is mostly open at the other);
   * one open at the start and closed at the end has its state then in the closes of the period whose span reaches
   * the end; a probe finds the rest (a record created in the period, or changed after its close).
   */
  movement(s: ReadScope, from: string, to: string, closeFrom: string, closeTo: string): Promise<Map<number, HistoryRow[]>> {
    const p = new Params(s);
    const t0 = p.startOf(from);
    const t1 = p.endOf(to);
    const [cf, ct] = [p.add(closeFrom), p.add(closeTo)];
    const due = (x: string) => `${x}.close_date BETWEEN ${cf}::date AND ${ct}::date`;
    return this.rows(
      p,
      `a AS MATERIALIZED (${openAt(t0)}), b AS MATERIALIZED (${openAt(t1)}),
       cl AS MATERIALIZED (SELECT ${R} FROM opp_history h WHERE h.workspace_id = $1 AND h.role <> 'open' AND (h.prev_role IS NULL OR h.prev_role = 'open')
                             AND h.at >= ${t0} AND h.at < ${t1} AND h.valid_to >= ${t1}),
       -- per record, which of the three holds its states (bits 1: a, 2: b, 4: cl), kept when due at either moment
       v AS MATERIALIZED (SELECT k.opp_id, k.m FROM (SELECT opp_id, bit_or(w) AS m FROM (SELECT opp_id, 1 AS w, ${due('a')} AS d FROM a
                            UNION ALL SELECT opp_id, 2, ${due('b')} FROM b UNION ALL SELECT opp_id, 4, false FROM cl) u GROUP BY opp_id HAVING bool_or(d)) k WHERE ${p.scoped('k')}),
       rows AS (SELECT a.* FROM a JOIN v USING (opp_id) UNION ALL SELECT b.* FROM b JOIN v USING (opp_id) UNION ALL SELECT cl.* FROM cl JOIN v USING (opp_id)
                UNION ALL SELECT x.* FROM v CROSS JOIN LATERAL (${rowAt('v', t0)}) x WHERE v.m & 1 = 0
                UNION ALL SELECT x.* FROM v CROSS JOIN LATERAL (${rowAt('v', t1)}) x WHERE v.m & 6 = 0)`,
    );
  }

  /**
   * Forecast as of the end of `asOf` over the periods `first..last` (days): the open states then due in them, and
   * of the records closed then, the row of their last close since `first` with the state at `asOf` (closedRow
   * and stateAt on these rows answer as on the whole history: between the last close and `asOf` every row is closed;
   * the close is that state when its span reaches `asOf`).
   */
  forecast(s: ReadScope, asOf: string, first: string, last: string): Promise<Map<number, HistoryRow[]>> {
    const p = new Params(s);
    const ta = p.endOf(asOf);
    return this.rows(
      p,
      `o1 AS (${openAt(ta, ` AND h.close_date BETWEEN ${p.add(first)}::date AND ${p.add(last)}::date`)}),
       c AS MATERIALIZED (${lastCloses(p.startOf(first), ta)}),
       rows AS (SELECT o1.* FROM o1 WHERE ${p.scoped('o1')}
                UNION ALL SELECT y.* FROM c CROSS JOIN LATERAL (SELECT ${R.replace(/h\./g, 'c.')} UNION ALL (${rowAtUnless('c', ta)})) y WHERE ${p.scoped('c')})`,
    );
  }

  /**
   * Win rate and stage ageing of `from..to`: the records open at the end of `to` with, when they entered their
   * current stage before that row, a row of that stage at `stage_since` (all enteredCurrentStage looks at: its day;
   * a negative id, not a row of the table); the records whose last close up to `to` is in the period and still
   * closed then, with that close, the state at `to` (the close itself when its span reaches `to`), (a won close) their
   * first row (the cycle), and for the open row before the close a row of its stage and role at the close's time
   * (all closedRow looks at: that the row before the close is open; a negative id, sorted before the close).
   */
  winRate(s: ReadScope, from: string, to: string): Promise<Map<number, HistoryRow[]>> {
    const p = new Params(s);
    const t1 = p.endOf(to);
    return this.rows(
      p,
      `k AS MATERIALIZED (SELECT o1.* FROM (${openAt(t1, '', `${R}, h.stage_since`)}) o1 WHERE ${p.scoped('o1')}),
       c AS MATERIALIZED (${lastCloses(p.startOf(from), t1)}),
       kc AS MATERIALIZED (SELECT c.*, e.id AS end_id, e.at AS end_at, e.stage AS end_stage, e.role AS end_role, e.value_base AS end_value, e.close_date AS end_close,
                                  e.owner_id AS end_owner, e.fc AS end_fc, e.prob AS end_prob
             FROM c CROSS JOIN LATERAL (${rowAtFrom('c', t1)}) e WHERE e.role <> 'open' AND ${p.scoped('c')}),
       rows AS (SELECT ${R.replace(/h\./g, 'k.')}, k.stage_since AS since, NULL AS prev_stage, NULL AS prev_role, NULL::timestamptz AS first FROM k
                UNION ALL SELECT ${R.replace(/h\./g, 'kc.')}, NULL, kc.prev_stage, kc.prev_role, CASE WHEN kc.role = 'won' THEN
                  (SELECT h.at FROM opp_history h WHERE h.workspace_id = $1 AND h.opp_id = kc.opp_id ORDER BY h.at, h.id LIMIT 1) END FROM kc
                UNION ALL SELECT kc.end_id, kc.opp_id, kc.end_at, kc.end_stage, kc.end_role, kc.end_value, kc.end_close, kc.end_owner, kc.end_fc, kc.end_prob, NULL, NULL, NULL, NULL
                  FROM kc WHERE kc.end_id <> kc.id)`,
      `, (extract(epoch FROM r.since) * 1000)::float8 AS since, r.prev_stage, r.prev_role, (extract(epoch FROM r.first) * 1000)::float8 AS first`,
    );
  }

  /**
   * Funnel of `from..to` over the funnel's `stages`: per record that entered one of them in the period (a row whose
   * stage differs from the one before it, or its first row), the stages it entered (a set: bits of their positions
   * in `stages`, 62 to a column, aggregated without an array per record, which spilled to disk) and its owner and
   * value at the end of `to`. That state began in the period (it is the entry or a later row), so it is read by
   * set: the open rows begun in the period whose span reaches the end (the span levels, bounded below by the
   * period's start) and the closes of the period still in place then; a probe only for the rest (a record changed
   * after its close). A probe per record instead read 70,000 buffers a year back (docs/performance.md, "Reports").
   */
  async funnel(s: ReadScope, from: string, to: string, stages: string[]): Promise<Map<number, FunnelEntries>> {
    if (!stages.length) return new Map();
    const p = new Params(s);
    const t0 = p.startOf(from);
    const t1 = p.endOf(to);
    const list = `${p.add(stages)}::text[]`;
    const pos = `array_position(${list}, h.stage) - 1`;
    const chunks = Array.from({ length: Math.ceil(stages.length / 62) }, (_, c) => `m${c}`);
    const masks = chunks.map((m, c) =>
      chunks.length === 1 ? `bit_or(1::int8 << (${pos})) AS ${m}` : `bit_or(1::int8 << (${pos} - ${c * 62})) FILTER (WHERE ${pos} BETWEEN ${c * 62} AND ${c * 62 + 61}) AS ${m}`,
    );
    const cols = 'h.opp_id, h.owner_id, h.value_base';
    const ctes = `en AS (SELECT h.opp_id, ${masks.join(', ')} FROM opp_history h WHERE h.workspace_id = $1 AND h.prev_stage IS DISTINCT FROM h.stage
                  AND h.at >= ${t0} AND h.at < ${t1} AND h.stage = ANY(${list}) GROUP BY h.opp_id),
      v AS MATERIALIZED (SELECT * FROM en WHERE ${p.scoped('en')}),
      e AS MATERIALIZED (${openAt(t1, ` AND h.at >= ${t0}`, cols)}
                         UNION ALL SELECT ${cols} FROM opp_history h WHERE h.workspace_id = $1 AND h.role <> 'open' AND (h.prev_role IS NULL OR h.prev_role = 'open')
                           AND h.at >= ${t0} AND h.at < ${t1} AND h.valid_to >= ${t1}),
      -- a left join, not an anti-join, finds the records left for a probe (an anti-join over a CTE was planned as a nested loop)
      ve AS (SELECT v.*, e.owner_id, e.value_base, e.opp_id IS NOT NULL AS found FROM v LEFT JOIN e USING (opp_id)),
      r AS (SELECT * FROM ve WHERE found
            UNION ALL SELECT ve.opp_id, ${chunks.map((m) => `ve.${m}`).join(', ')}, x.owner_id, x.value_base, true FROM ve
              CROSS JOIN LATERAL (${rowAt('ve', t1)}) x WHERE NOT ve.found)`;
    const raw = await this.db.sql<{ opp_id: number; owner_id: number; value_base: string } & { [m: `m${number}`]: string | null }>(
      `WITH ${ctes} SELECT r.opp_id, r.owner_id, r.value_base::text AS value_base, ${chunks.map((m) => `r.${m}::text AS ${m}`).join(', ')} FROM r ORDER BY r.opp_id`,
      p.list,
    );
    return new Map(
      raw.map((r) => [
        r.opp_id,
        {
          entered: stages.filter((_, k) => (BigInt(r[`m${Math.floor(k / 62)}`] ?? 0) >> BigInt(k % 62)) & 1n),
          end: { ownerId: r.owner_id, cents: toCents(Number(r.value_base)) },
        },
      ]),
    );
  }
}

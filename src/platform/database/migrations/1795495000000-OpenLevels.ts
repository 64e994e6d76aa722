import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The level of an open history row's span `(at, valid_to]`: -1 for a record's latest row ('infinity'), else the
 * power of two of its length in seconds (floor of log2, 31 for 68 years and more). The open states at a moment T
 * are then, per level k, the rows of that level begun in the 2^(k+1) seconds before T whose span reaches T: an index
 * range per level, which reads about twice the rows it finds, wherever T is and however long the history
 * (docs/decisions/reports.md, "The open states at any moment"). `prefix` qualifies the columns (`h.` in reads).
 */
export const spanLevel = (prefix = '') =>
  `CASE WHEN ${prefix}valid_to = 'infinity' THEN -1 ELSE LEAST(floor(log(2, greatest(extract(epoch FROM ${prefix}valid_to - ${prefix}at), 1)))::int, 31) END`;

/**
 * IDX_opp_history_open_level (workspace, level, at, valid_to) over the open rows replaces the btree on (valid_to, at)
 * and the GiST of the spans as ranges: the btree read every open row ended since T (most of the history for a
 * moment a year back), the GiST's consistent checks cost ten times a btree's pages and held no workspace.
 */
export class OpenLevels1795495000000 implements MigrationInterface {
  name = 'OpenLevels1795495000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "IDX_opp_history_open_level" ON "opp_history" ("workspace_id", (${spanLevel()}), "at", "valid_to") WHERE "role" = 'open'`);
    await q.query(`DROP INDEX "IDX_opp_history_open_range"`);
    await q.query(`DROP INDEX "IDX_opp_history_open_span"`);
    // the stage entries of a period with what the funnel aggregates (record, id, stage): read from the index alone.
    // The planner takes "prev_stage IS DISTINCT FROM stage" as 99.5 % of the rows (7 % at 10x the history) and
    // chose a scan of the whole history over the heap reads of the partial index
    await q.query(`DROP INDEX "IDX_opp_history_entries"`);
    await q.query(`CREATE INDEX "IDX_opp_history_entries" ON "opp_history" ("workspace_id", "at") INCLUDE ("opp_id", "id", "stage") WHERE "prev_stage" IS DISTINCT FROM "stage"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_opp_history_entries"`);
    await q.query(`CREATE INDEX "IDX_opp_history_entries" ON "opp_history" ("workspace_id", "at") WHERE "prev_stage" IS DISTINCT FROM "stage"`);
    await q.query(`CREATE INDEX "IDX_opp_history_open_span" ON "opp_history" ("workspace_id", "valid_to", "at") WHERE "role" = 'open'`);
    await q.query(`CREATE INDEX "IDX_opp_history_open_range" ON "opp_history" USING gist (tstzrange("at", "valid_to", '(]')) WHERE "role" = 'open'`);
    await q.query(`DROP INDEX "IDX_opp_history_open_level"`);
  }
}

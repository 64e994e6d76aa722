import { MigrationInterface, QueryRunner } from 'typeorm';
import { HISTORY_LINK_FUNCTION } from './1795491100000-HistorySpans';

/**
 * `stage_since` on every history row: the time its record entered the stage of the row, the start of its last run
 * of that stage (docs/decisions/reports.md, "Reading the history fast"). The stage ageing of the open records then
 * reads it off their open row instead of probing each record's history for the row that began the stage. Kept by
 * the same trigger as the other links (every writer; a row inserted before later ones re-dates the run after it),
 * backfilled here from `prev_stage`: a run starts at each row whose stage differs from the one before it.
 *
 * And the open states at a past moment through a GiST index of the open rows' spans `(at, valid_to]` as ranges
 * (`IDX_opp_history_open_range`), next to the btree on (valid_to, at) that stays for moments near today: the range
 * has statistics of its own (the btree's two bounds were estimated as independent, nine times the open rows there
 * are) and a moment a year back is a probe of the index, where the btree's plan was a scan of the whole history
 * (docs/performance.md, "Reports"). The index holds no workspace: a moment's open rows of every workspace are
 * found, the others' dropped.
 */
export const HISTORY_LINK_FUNCTION_SINCE = `CREATE OR REPLACE FUNCTION opp_history_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p record; n record; since timestamptz;
BEGIN
  SELECT id, stage, role, stage_since INTO p FROM opp_history
   WHERE workspace_id = NEW.workspace_id AND opp_id = NEW.opp_id AND (at, id) < (NEW.at, NEW.id) ORDER BY at DESC, id DESC LIMIT 1;
  IF FOUND THEN
    NEW.prev_stage := p.stage;
    NEW.prev_role := p.role;
    NEW.stage_since := CASE WHEN p.stage = NEW.stage THEN p.stage_since ELSE NEW.at END;
    UPDATE opp_history SET valid_to = NEW.at WHERE workspace_id = NEW.workspace_id AND id = p.id;
  ELSE
    NEW.prev_stage := NULL;
    NEW.prev_role := NULL;
    NEW.stage_since := NEW.at;
  END IF;
  SELECT id, at, stage, stage_since INTO n FROM opp_history
   WHERE workspace_id = NEW.workspace_id AND opp_id = NEW.opp_id AND (at, id) > (NEW.at, NEW.id) ORDER BY at, id LIMIT 1;
  IF FOUND THEN
    NEW.valid_to := n.at;
    UPDATE opp_history SET prev_stage = NEW.stage, prev_role = NEW.role WHERE workspace_id = NEW.workspace_id AND id = n.id;
    -- inserted before later rows: the next row's run now starts at it (another stage) or continues this one's
    since := CASE WHEN n.stage = NEW.stage THEN NEW.stage_since ELSE n.at END;
    IF since IS DISTINCT FROM n.stage_since THEN
      UPDATE opp_history h SET stage_since = since
       WHERE h.workspace_id = NEW.workspace_id AND h.opp_id = NEW.opp_id AND (h.at, h.id) >= (n.at, n.id)
         AND NOT EXISTS (SELECT 1 FROM opp_history x WHERE x.workspace_id = NEW.workspace_id AND x.opp_id = NEW.opp_id
                           AND (x.at, x.id) > (n.at, n.id) AND (x.at, x.id) <= (h.at, h.id) AND x.stage <> n.stage);
    END IF;
  ELSE
    NEW.valid_to := 'infinity';
  END IF;
  RETURN NEW;
END $$`;

/** Every row's `stage_since`: the time of the latest row up to it (in its record's order) that began a run of a stage. */
export const STAGE_SINCE_BACKFILL = `UPDATE "opp_history" h SET "stage_since" = x.since
  FROM (SELECT workspace_id, id, max(at) FILTER (WHERE prev_stage IS DISTINCT FROM stage) OVER w AS since
          FROM "opp_history" WINDOW w AS (PARTITION BY workspace_id, opp_id ORDER BY at, id ROWS UNBOUNDED PRECEDING)) x
 WHERE h.workspace_id = x.workspace_id AND h.id = x.id`;

export class StageSince1795492700000 implements MigrationInterface {
  name = 'StageSince1795492700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "opp_history" ADD "stage_since" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(STAGE_SINCE_BACKFILL);
    await queryRunner.query(`ALTER TABLE "opp_history" ALTER COLUMN "stage_since" SET NOT NULL`);
    await queryRunner.query(HISTORY_LINK_FUNCTION_SINCE);
    await queryRunner.query(`CREATE INDEX "IDX_opp_history_open_range" ON "opp_history" USING gist (tstzrange("at", "valid_to", '(]')) WHERE "role" = 'open'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_opp_history_open_range"`);
    await queryRunner.query(HISTORY_LINK_FUNCTION);
    await queryRunner.query(`ALTER TABLE "opp_history" DROP COLUMN "stage_since"`);
  }
}

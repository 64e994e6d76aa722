import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each history row links to (docs/decisions/reports.md, "Reading the history fast"): `valid_to` is the time
 * of the record's next row ('infinity' for its latest), `prev_stage`/`prev_role` those of its previous row (NULL
 * for its first). "The state at T" is then the one row with `at < T <= valid_to` — found through an index instead
 * of reading every earlier row — and a close (`role` not open after an open row) or a stage entry (`prev_stage`
 * differs) is a row of its own. A trigger keeps the links for every writer (the commands, the demo seed, SQL
 * seeds), also when a row is inserted before later ones.
 */
export const HISTORY_LINK_FUNCTION = `CREATE OR REPLACE FUNCTION opp_history_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p record; n record;
BEGIN
  SELECT id, stage, role INTO p FROM opp_history
   WHERE workspace_id = NEW.workspace_id AND opp_id = NEW.opp_id AND (at, id) < (NEW.at, NEW.id) ORDER BY at DESC, id DESC LIMIT 1;
  IF FOUND THEN
    NEW.prev_stage := p.stage;
    NEW.prev_role := p.role;
    UPDATE opp_history SET valid_to = NEW.at WHERE workspace_id = NEW.workspace_id AND id = p.id;
  ELSE
    NEW.prev_stage := NULL;
    NEW.prev_role := NULL;
  END IF;
  SELECT id, at INTO n FROM opp_history
   WHERE workspace_id = NEW.workspace_id AND opp_id = NEW.opp_id AND (at, id) > (NEW.at, NEW.id) ORDER BY at, id LIMIT 1;
  IF FOUND THEN
    NEW.valid_to := n.at;
    UPDATE opp_history SET prev_stage = NEW.stage, prev_role = NEW.role WHERE workspace_id = NEW.workspace_id AND id = n.id;
  ELSE
    NEW.valid_to := 'infinity';
  END IF;
  RETURN NEW;
END $$`;

export class HistorySpans1795491100000 implements MigrationInterface {
  name = 'HistorySpans1795491100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "opp_history" ADD "valid_to" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT 'infinity'`);
    await queryRunner.query(`ALTER TABLE "opp_history" ADD "prev_stage" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "opp_history" ADD "prev_role" character varying(12)`);
    await queryRunner.query(
      `UPDATE "opp_history" h SET "valid_to" = COALESCE(x.next_at, 'infinity'), "prev_stage" = x.prev_stage, "prev_role" = x.prev_role
         FROM (SELECT workspace_id, id, lead(at) OVER w AS next_at, lag(stage) OVER w AS prev_stage, lag(role) OVER w AS prev_role
                 FROM "opp_history" WINDOW w AS (PARTITION BY workspace_id, opp_id ORDER BY at, id)) x
        WHERE h.workspace_id = x.workspace_id AND h.id = x.id`,
    );
    await queryRunner.query(HISTORY_LINK_FUNCTION);
    await queryRunner.query(`CREATE TRIGGER "opp_history_link" BEFORE INSERT ON "opp_history" FOR EACH ROW EXECUTE FUNCTION opp_history_link()`);
    // the open states at a moment: open rows whose span covers it
    await queryRunner.query(`CREATE INDEX "IDX_opp_history_open_span" ON "opp_history" ("workspace_id", "valid_to", "at") WHERE "role" = 'open'`);
    // a record's state at a moment: its rows from that moment on, the time checked in the index
    await queryRunner.query(`CREATE INDEX "IDX_opp_history_span" ON "opp_history" ("workspace_id", "opp_id", "valid_to", "at")`);
    // closes (the first closed row after an open one, or a record created closed) and stage entries, by time
    await queryRunner.query(
      `CREATE INDEX "IDX_opp_history_closes" ON "opp_history" ("workspace_id", "at") WHERE "role" <> 'open' AND ("prev_role" IS NULL OR "prev_role" = 'open')`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_opp_history_entries" ON "opp_history" ("workspace_id", "at") WHERE "prev_stage" IS DISTINCT FROM "stage"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "opp_history_link" ON "opp_history"`);
    await queryRunner.query(`DROP FUNCTION opp_history_link()`);
    await queryRunner.query(`DROP INDEX "IDX_opp_history_entries"`);
    await queryRunner.query(`DROP INDEX "IDX_opp_history_span"`);
    await queryRunner.query(`DROP INDEX "IDX_opp_history_closes"`);
    await queryRunner.query(`DROP INDEX "IDX_opp_history_open_span"`);
    for (const c of ['prev_role', 'prev_stage', 'valid_to']) await queryRunner.query(`ALTER TABLE "opp_history" DROP COLUMN "${c}"`);
  }
}

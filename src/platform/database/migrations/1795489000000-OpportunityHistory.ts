import { MigrationInterface, QueryRunner } from 'typeorm';

/** The fields an opportunity row holds from its workspace's constants and rates, as SQL over `o` joined to `w`. */
const ROLE = `COALESCE(w.constants->'stage_roles'->>s.stage, CASE WHEN (w.constants->'open_stages') ? s.stage THEN 'open' ELSE 'cancelled' END)`;
const STATE = `
  s.stage,
  ${ROLE},
  o.value,
  o.currency,
  CASE WHEN o.currency = w.app->>'currency_base' THEN o.value
       WHEN COALESCE((w.currency_rates->>o.currency)::numeric, 0) > 0 THEN round(o.value * (w.currency_rates->>o.currency)::numeric, 2)
       ELSE 0 END,
  o.close_date,
  o.owner_id,
  COALESCE(NULLIF(o.fc, ''),
           CASE WHEN (w.constants->'forecast_cats') ? (w.constants->'stage_fc'->>s.stage) THEN w.constants->'stage_fc'->>s.stage END,
           w.constants->'forecast_cats'->>0, ''),
  LEAST(9, COALESCE((w.constants->'stage_prob'->>s.stage)::numeric, CASE WHEN ${ROLE} = 'won' THEN 1 ELSE 0 END))`;
const COLUMNS = `"workspace_id", "opp_id", "at", "kind", "user_id", "stage", "role", "value", "currency", "value_base", "close_date", "owner_id", "fc", "prob"`;

/** The history of the records that exist: their stage log's entries, then their current state where the log does not end in it. */
export const HISTORY_BACKFILL = [
  // every stage change of the log, with the record's current other fields
  `INSERT INTO "opp_history" (${COLUMNS})
   SELECT o.workspace_id, o.id, l.at, 'backfill', l.user_id, ${STATE}
   FROM opp_logs l
   JOIN opportunities o ON o.workspace_id = l.workspace_id AND o.id = l.opp_id
   JOIN workspaces w ON w.id = o.workspace_id
   CROSS JOIN LATERAL (SELECT l.to_stage AS stage) s`,
  // the current state where the log does not end in it (or there is no log)
  `INSERT INTO "opp_history" (${COLUMNS})
   SELECT o.workspace_id, o.id, GREATEST(o.stage_changed_at, o.created_at), 'backfill', NULL, ${STATE}
   FROM opportunities o
   JOIN workspaces w ON w.id = o.workspace_id
   CROSS JOIN LATERAL (SELECT o.stage AS stage) s
   WHERE o.stage IS DISTINCT FROM (SELECT l.to_stage FROM opp_logs l WHERE l.workspace_id = o.workspace_id AND l.opp_id = o.id ORDER BY l.id DESC LIMIT 1)`,
];

/**
 * The reported fields' history (opp_history) and users' monthly quotas (docs/decisions/reports.md). Existing
 * opportunities get a row per stage change of their stage log (with today's value, close date, owner and
 * category: what was not logged before is not known) and one for their current state when the log does not
 * end in it, so reports of a past date see every existing record.
 */
export class OpportunityHistory1795489000000 implements MigrationInterface {
  name = 'OpportunityHistory1795489000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "opp_history" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "opp_id" integer NOT NULL, "at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "kind" character varying(16) NOT NULL, "stage" character varying(40) NOT NULL, "role" character varying(12) NOT NULL, "value" numeric(16,2) NOT NULL, "currency" character varying(3) NOT NULL, "value_base" numeric(16,2) NOT NULL, "close_date" date NOT NULL, "owner_id" integer NOT NULL, "fc" character varying(40) NOT NULL, "prob" numeric(5,4) NOT NULL, "user_id" integer, CONSTRAINT "PK_c1e2723c8de3336f9b93e620c47" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_74fd862c74478f9ea0aa874a83" ON "opp_history" ("workspace_id", "opp_id", "at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_6a4927e619156317acef9987b6" ON "opp_history" ("workspace_id", "at") `);
    await queryRunner.query(
      `CREATE TABLE "quotas" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "user_id" integer NOT NULL, "month" date NOT NULL, "amount" numeric(16,2) NOT NULL, "set_by" integer, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6d3038a48c306ec601f09406f51" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b8aac04cfee669076719f5a06c" ON "quotas" ("workspace_id", "user_id", "month") `);
    for (const statement of HISTORY_BACKFILL) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "quotas"`);
    await queryRunner.query(`DROP TABLE "opp_history"`);
  }
}

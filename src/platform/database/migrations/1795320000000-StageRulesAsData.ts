import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stage and status rules become data in the workspace's constants (docs/decisions/workspace-constants.md,
 * "Rules as data: roles, not keys"), and close_date is never null.
 *
 * 1. Existing workspaces get the new constants where they have none (`computed || RULES || constants`,
 *    so every key a workspace already has wins). The values reproduce the rules that were code before:
 *    stage_roles from the workspace's own stages (open_stages open, Win won, Lost lost, any other
 *    closed stage cancelled); gates, steps and forecast categories of the stage keys the workspace has;
 *    closed task statuses Done/Cancelled, at-risk status Passive, account statuses Active/Key account.
 *    A frozen copy of the defaults of that day: later changes to src/workspace/defaults.ts do not
 *    change what this migration did.
 * 2. Opportunities without a close date get start_date + sales_cycle_days (90); the column becomes NOT NULL.
 *    The service always writes a close date; for rows written by SQL directly (fixtures, bulk loads) a
 *    trigger applies the same default when close_date is NULL, so NOT NULL never rejects them.
 */
const RULES = {
  "stage_gates": {
    "Qualify": {},
    "Viable": {
      "bant_min": 2,
      "product": true
    },
    "Present Solution": {
      "need": true,
      "close_date": true
    },
    "Negotiation": {
      "offer_price": true,
      "payment_days": true
    },
    "Expect to Close": {
      "bant_min": 3,
      "close_date": true,
      "close_date_future": true
    },
    "Win": {
      "value_positive": true
    },
    "Lost": {},
    "Cancel": {}
  },
  "stage_steps": {
    "Qualify": [
      {
        "title": "Budget confirmed",
        "bant": "b"
      },
      {
        "title": "Decision maker known (authority)",
        "bant": "a"
      },
      {
        "title": "Need confirmed",
        "bant": "n"
      },
      {
        "title": "Timing agreed",
        "bant": "t"
      },
      {
        "title": "First meeting held"
      }
    ],
    "Viable": [
      {
        "title": "Product selected"
      },
      {
        "title": "Samples sent"
      }
    ],
    "Present Solution": [
      {
        "title": "Solution presented"
      },
      {
        "title": "Trial agreed"
      }
    ],
    "Negotiation": [
      {
        "title": "Offer sent"
      },
      {
        "title": "Payment terms agreed"
      }
    ],
    "Expect to Close": [
      {
        "title": "Order date confirmed"
      },
      {
        "title": "Purchase order expected"
      }
    ],
    "Win": [],
    "Lost": [],
    "Cancel": []
  },
  "stage_fc": {
    "Qualify": "Pipeline",
    "Viable": "Pipeline",
    "Present Solution": "Best case",
    "Negotiation": "Best case",
    "Expect to Close": "Commit",
    "Win": "Closed",
    "Lost": "Omitted",
    "Cancel": "Omitted"
  },
  "task_closed_statuses": [
    "Done",
    "Cancelled"
  ],
  "task_done_status": "Done",
  "customer_at_risk_statuses": [
    "Passive"
  ],
  "customer_account_statuses": [
    "Active",
    "Key account"
  ],
  "sales_cycle_days": 90
};

const NEW_KEYS = ['stage_roles', ...Object.keys(RULES)];

export class StageRulesAsData1795320000000 implements MigrationInterface {
  name = 'StageRulesAsData1795320000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "workspaces" w SET "constants" = (
         jsonb_build_object(
           'stage_roles', COALESCE((
             SELECT jsonb_object_agg(s, CASE WHEN w."constants"->'open_stages' ? s THEN 'open' WHEN s = 'Win' THEN 'won' WHEN s = 'Lost' THEN 'lost' ELSE 'cancelled' END)
             FROM jsonb_array_elements_text(COALESCE(w."constants"->'stages', '[]'::jsonb)) AS s), '{}'::jsonb),
           'stage_gates', COALESCE((
             SELECT jsonb_object_agg(s, COALESCE($1::jsonb->'stage_gates'->s, '{}'::jsonb))
             FROM jsonb_array_elements_text(COALESCE(w."constants"->'stages', '[]'::jsonb)) AS s), '{}'::jsonb),
           'stage_steps', COALESCE((
             SELECT jsonb_object_agg(s, COALESCE($1::jsonb->'stage_steps'->s, '[]'::jsonb))
             FROM jsonb_array_elements_text(COALESCE(w."constants"->'stages', '[]'::jsonb)) AS s), '{}'::jsonb),
           'stage_fc', COALESCE((
             SELECT jsonb_object_agg(s, COALESCE($1::jsonb->'stage_fc'->s, to_jsonb(CASE WHEN w."constants"->'open_stages' ? s THEN 'Pipeline' ELSE 'Omitted' END)))
             FROM jsonb_array_elements_text(COALESCE(w."constants"->'stages', '[]'::jsonb)) AS s), '{}'::jsonb)
         )
         || ($1::jsonb - 'stage_gates' - 'stage_steps' - 'stage_fc')
         || w."constants"
       )`,
      [JSON.stringify(RULES)],
    );
    await queryRunner.query(
      `UPDATE "opportunities" o SET "close_date" = o."start_date" + COALESCE((SELECT (w."constants"->>'sales_cycle_days')::int FROM "workspaces" w WHERE w."id" = o."workspace_id"), 90)
       WHERE o."close_date" IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE "opportunities" ALTER COLUMN "close_date" SET NOT NULL`);
    await queryRunner.query(
      `CREATE FUNCTION "opportunities_default_close_date"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW."close_date" := NEW."start_date" + COALESCE((SELECT ("constants"->>'sales_cycle_days')::int FROM "workspaces" WHERE "id" = NEW."workspace_id"), 90);
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "opportunities_default_close_date" BEFORE INSERT OR UPDATE OF "close_date" ON "opportunities"
       FOR EACH ROW WHEN (NEW."close_date" IS NULL) EXECUTE FUNCTION "opportunities_default_close_date"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "opportunities_default_close_date" ON "opportunities"`);
    await queryRunner.query(`DROP FUNCTION "opportunities_default_close_date"()`);
    await queryRunner.query(`ALTER TABLE "opportunities" ALTER COLUMN "close_date" DROP NOT NULL`);
    await queryRunner.query(`UPDATE "workspaces" SET "constants" = "constants" - $1::text[]`, [NEW_KEYS]);
  }
}

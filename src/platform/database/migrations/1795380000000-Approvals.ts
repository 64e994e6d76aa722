import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Approvals, e-mail compose and website forms: approval lists and requests, the users'
 * mailbox state, website forms. Existing workspaces get the new constant `holiday_country` (TR, the
 * default) where they have none; a value a workspace already has wins.
 */
export class Approvals1795380000000 implements MigrationInterface {
  name = 'Approvals1795380000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "approval_lists" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "fields" jsonb NOT NULL DEFAULT '[]', "days_start" character varying(40) NOT NULL DEFAULT '', "days_end" character varying(40) NOT NULL DEFAULT '', "approver_id" integer NOT NULL, "active" boolean NOT NULL DEFAULT true, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c381296a9c10dfab14c1a134291" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_c691ae0c1764d07308a2dad0af" ON "approval_lists" ("workspace_id", "active", "id")`);
    await queryRunner.query(
      `CREATE TABLE "approval_requests" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "list_id" integer NOT NULL, "requester_id" integer NOT NULL, "approver_id" integer NOT NULL, "status" character varying(16) NOT NULL, "values" jsonb NOT NULL DEFAULT '{}', "computed" jsonb NOT NULL DEFAULT '{}', "note" text NOT NULL DEFAULT '', "decision_note" text NOT NULL DEFAULT '', "decided_by" integer, "decided_at" TIMESTAMP(3) WITH TIME ZONE, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b065d9847ae24b15d2a9b76fed6" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_2824eaaa6e0771b5f10ba9c01e" ON "approval_requests" ("workspace_id", "list_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_30d805fbbd45c71b72b37c143d" ON "approval_requests" ("workspace_id", "requester_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_c64e24e10213083794384b40d8" ON "approval_requests" ("workspace_id", "approver_id", "status", "id")`);
    await queryRunner.query(
      `CREATE TABLE "mailboxes" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "user_id" integer NOT NULL, "connected" boolean NOT NULL DEFAULT false, "email" character varying(254) NOT NULL DEFAULT '', "status" character varying(20) NOT NULL DEFAULT 'not_connected', "error" character varying(500) NOT NULL DEFAULT '', "signature" text NOT NULL DEFAULT '', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b1d4d55ad118be3ddb9d9ada2d3" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_ef463011737e24deb755dcf4e8" ON "mailboxes" ("workspace_id", "user_id")`);
    await queryRunner.query(
      `CREATE TABLE "web_forms" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "public_key" character varying(40) NOT NULL, "owner_id" integer NOT NULL, "fields" jsonb NOT NULL DEFAULT '[]', "active" boolean NOT NULL DEFAULT true, "submissions" integer NOT NULL DEFAULT '0', "last_submitted_at" TIMESTAMP(3) WITH TIME ZONE, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9a676c4ceac65297c6453166f3c" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_908bec0a58c2c2eddce6d1a63d" ON "web_forms" ("workspace_id", "public_key")`);
    await queryRunner.query(`UPDATE "workspaces" SET "constants" = '{"holiday_country": "TR"}'::jsonb || "constants" WHERE NOT ("constants" ? 'holiday_country')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "workspaces" SET "constants" = "constants" - 'holiday_country'`);
    await queryRunner.query(`DROP INDEX "IDX_908bec0a58c2c2eddce6d1a63d"`);
    await queryRunner.query(`DROP TABLE "web_forms"`);
    await queryRunner.query(`DROP INDEX "IDX_ef463011737e24deb755dcf4e8"`);
    await queryRunner.query(`DROP TABLE "mailboxes"`);
    await queryRunner.query(`DROP INDEX "IDX_c64e24e10213083794384b40d8"`);
    await queryRunner.query(`DROP INDEX "IDX_30d805fbbd45c71b72b37c143d"`);
    await queryRunner.query(`DROP INDEX "IDX_2824eaaa6e0771b5f10ba9c01e"`);
    await queryRunner.query(`DROP TABLE "approval_requests"`);
    await queryRunner.query(`DROP INDEX "IDX_c691ae0c1764d07308a2dad0af"`);
    await queryRunner.query(`DROP TABLE "approval_lists"`);
  }
}

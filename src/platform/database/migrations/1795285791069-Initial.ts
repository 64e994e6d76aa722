import { MigrationInterface, QueryRunner } from "typeorm";

export class Initial1795285791069 implements MigrationInterface {
    name = 'Initial1795285791069'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "audit_log" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" integer, "action" character varying(64) NOT NULL, "subject" character varying(255) NOT NULL DEFAULT '', "detail" jsonb NOT NULL DEFAULT '{}', "request_id" character varying(64), CONSTRAINT "PK_070f99c5a08b39e8ca84fbf9a24" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_6daf289f8f62f17add3e6215ac" ON "audit_log"  ("workspace_id", "action", "subject", "at") `);
        await queryRunner.query(`CREATE TABLE "outbox_events" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "event" character varying(40) NOT NULL, "title" text NOT NULL, "text" text NOT NULL DEFAULT '', "url" text NOT NULL DEFAULT '', "data" jsonb NOT NULL DEFAULT '{}', "record_type" character varying(40) NOT NULL, "record_id" integer, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "status" character varying(16) NOT NULL DEFAULT 'pending', "dispatched_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ca27939cc29d84c808325fd0950" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_6e4872ff3b3687e48e4cfe9f66" ON "outbox_events"  ("workspace_id", "event", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_a101b23bcb4d1a7273f4330283" ON "outbox_events"  ("status", "id") `);
        await queryRunner.query(`CREATE TABLE "credentials" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "user_id" integer, "kind" character varying(16) NOT NULL, "name" character varying(200) NOT NULL DEFAULT '', "prefix" character varying(24) NOT NULL, "token_hash" character(64) NOT NULL, "scopes" text array NOT NULL DEFAULT '{}', "grant_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE, "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_821a2bf8f32c7f9d341e41e25a2" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_e628303490946656d3fb308857" ON "credentials"  ("workspace_id", "user_id", "kind") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_eee132086ae785da5cc27cc652" ON "credentials"  ("workspace_id", "token_hash") `);
        await queryRunner.query(`CREATE TABLE "users" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "username" character varying(254) NOT NULL, "email" character varying(254) NOT NULL, "full_name" character varying(200) NOT NULL, "role" character varying(16) NOT NULL, "department" character varying(100) NOT NULL DEFAULT '', "phone" character varying(50) NOT NULL DEFAULT '', "modules" text array NOT NULL DEFAULT '{}', "active" boolean NOT NULL DEFAULT true, "password_hash" character varying(255), "weak_password" boolean NOT NULL DEFAULT false, "totp_secret" text, "last_login_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ddb53abca49749773e10e28542c" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_4aadfafcc68e831d727047ebf2" ON "users"  ("workspace_id", "email") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_13fbb3a4eb65751e06f3b101e1" ON "users"  ("workspace_id", "username") `);
        await queryRunner.query(`CREATE TABLE "products" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "code" character varying(50) NOT NULL, "name" character varying(200) NOT NULL, "list_price" numeric(14,2) NOT NULL DEFAULT '0', "currency" character varying(3) NOT NULL, "unit" character varying(16) NOT NULL, "ext_id" character varying(100) NOT NULL DEFAULT '', "active" boolean NOT NULL DEFAULT true, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f2a4ee17826ef06fa47687307ed" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_bedb454752b16ae685e3679230" ON "products"  ("workspace_id", "code") `);
        await queryRunner.query(`CREATE TABLE "workspaces" ("id" SERIAL NOT NULL, "slug" character varying(63) NOT NULL, "name" character varying(200) NOT NULL, "timezone" character varying(64) NOT NULL, "app" jsonb NOT NULL DEFAULT '{}', "constants" jsonb NOT NULL DEFAULT '{}', "currency_rates" jsonb NOT NULL DEFAULT '{}', "license" jsonb NOT NULL DEFAULT '{}', "ai" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_b8e9fe62e93d60089dfc4f175f3" UNIQUE ("slug"), CONSTRAINT "PK_098656ae401f3e1a4586f47fd8e" PRIMARY KEY ("id"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "workspaces"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_bedb454752b16ae685e3679230"`);
        await queryRunner.query(`DROP TABLE "products"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_13fbb3a4eb65751e06f3b101e1"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_4aadfafcc68e831d727047ebf2"`);
        await queryRunner.query(`DROP TABLE "users"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_eee132086ae785da5cc27cc652"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_e628303490946656d3fb308857"`);
        await queryRunner.query(`DROP TABLE "credentials"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a101b23bcb4d1a7273f4330283"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6e4872ff3b3687e48e4cfe9f66"`);
        await queryRunner.query(`DROP TABLE "outbox_events"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6daf289f8f62f17add3e6215ac"`);
        await queryRunner.query(`DROP TABLE "audit_log"`);
    }

}

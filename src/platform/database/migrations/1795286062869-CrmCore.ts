import { MigrationInterface, QueryRunner } from "typeorm";

export class CrmCore1795286062869 implements MigrationInterface {
    name = 'CrmCore1795286062869'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "activities" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "type" character varying(40) NOT NULL, "topic" character varying(200) NOT NULL DEFAULT '', "date" date NOT NULL, "duration_min" integer, "customer_id" integer NOT NULL, "person_ids" integer array NOT NULL DEFAULT '{}', "opp_id" integer, "note" text NOT NULL DEFAULT '', "next_action" character varying(200) NOT NULL DEFAULT '', "next_date" date, "outcome" character varying(200) NOT NULL DEFAULT '', "owner_id" integer NOT NULL, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_12d66aa2ccdd9524c33ecfc83f2" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_11d0b4ba1225badfacedd84b55" ON "activities"  ("workspace_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_665018b9768d0daf0bec8fa5b2" ON "activities"  ("workspace_id", "opp_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_3ce44402e7e53d6159f27c2736" ON "activities"  ("workspace_id", "owner_id", "date") `);
        await queryRunner.query(`CREATE INDEX "IDX_498a335a8a902aafad6b9a02a6" ON "activities"  ("workspace_id", "customer_id", "date") `);
        await queryRunner.query(`CREATE TABLE "calendar_entries" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "title" character varying(300) NOT NULL, "start_at" TIMESTAMP WITH TIME ZONE NOT NULL, "end_at" TIMESTAMP WITH TIME ZONE NOT NULL, "location" character varying(300) NOT NULL DEFAULT '', "note" text NOT NULL DEFAULT '', "attendee_ids" integer array NOT NULL DEFAULT '{}', "person_ids" integer array NOT NULL DEFAULT '{}', "customer_id" integer, "opp_id" integer, "owner_id" integer NOT NULL, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_230855707c71f2d5e80741986fd" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_1e78ea6332e721b1c41ba645e8" ON "calendar_entries"  ("workspace_id", "owner_id", "start_at") `);
        await queryRunner.query(`CREATE INDEX "IDX_212b4b1faa85722da015f0aee1" ON "calendar_entries"  ("workspace_id", "start_at") `);
        await queryRunner.query(`CREATE TABLE "companies" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "name_norm" character varying(200) NOT NULL, "status" character varying(40) NOT NULL, "sector" character varying(100) NOT NULL DEFAULT '', "city" character varying(100) NOT NULL DEFAULT '', "country" character varying(100) NOT NULL DEFAULT '', "address" character varying(500) NOT NULL DEFAULT '', "phone" character varying(50) NOT NULL DEFAULT '', "email" character varying(254) NOT NULL DEFAULT '', "website" character varying(300) NOT NULL DEFAULT '', "tax_no" character varying(40) NOT NULL DEFAULT '', "tax_office" character varying(100) NOT NULL DEFAULT '', "erp_code" character varying(60) NOT NULL DEFAULT '', "erp_ext_id" character varying(100) NOT NULL DEFAULT '', "source" character varying(100) NOT NULL DEFAULT '', "potential_kg" numeric(14,2), "currency" character varying(3) NOT NULL DEFAULT '', "unit" character varying(16) NOT NULL DEFAULT '', "note" text NOT NULL DEFAULT '', "owner_id" integer NOT NULL, "last_visit" date, "next_visit_due" date, "active" boolean NOT NULL DEFAULT true, "is_sample" boolean NOT NULL DEFAULT false, "created_by" integer, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b47898d30ce75c79c91968319e0" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_bfd05a9715e1a61d135a4306ed" ON "companies"  ("workspace_id", "next_visit_due") `);
        await queryRunner.query(`CREATE INDEX "IDX_1a6677e9c526b193bab89ca6cc" ON "companies"  ("workspace_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_0b2bacc6e02fc097fae58347e2" ON "companies"  ("workspace_id", "tax_no") `);
        await queryRunner.query(`CREATE INDEX "IDX_c7f9ba5f16c01750686c47bf8f" ON "companies"  ("workspace_id", "name_norm") `);
        await queryRunner.query(`CREATE INDEX "IDX_aa3dc39b75a4e946a12401badd" ON "companies"  ("workspace_id", "owner_id", "id") `);
        await queryRunner.query(`CREATE TABLE "notes" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "record_type" character varying(20) NOT NULL, "record_id" integer NOT NULL, "body" text NOT NULL, "user_id" integer, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3018a63d17811b79f8dfc465eec" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_9a3a6c7b3eec43834d7faa946d" ON "notes"  ("workspace_id", "record_type", "record_id", "id") `);
        await queryRunner.query(`CREATE TABLE "opp_logs" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "opp_id" integer NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "from_stage" character varying(40), "to_stage" character varying(40) NOT NULL, "note" character varying(1000) NOT NULL DEFAULT '', "user_id" integer, CONSTRAINT "PK_be6e859ff5ba462bc4cef625ba8" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_88dca311fd379054e165f73310" ON "opp_logs"  ("workspace_id", "opp_id", "id") `);
        await queryRunner.query(`CREATE TABLE "opportunities" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "customer_id" integer NOT NULL, "owner_id" integer NOT NULL, "stage" character varying(40) NOT NULL, "is_open" boolean NOT NULL DEFAULT true, "stage_changed_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "value" numeric(16,2) NOT NULL DEFAULT '0', "currency" character varying(3) NOT NULL, "potential_kg" numeric(14,2) NOT NULL DEFAULT '0', "unit" character varying(16) NOT NULL DEFAULT 'kg', "product_id" integer, "close_date" date, "start_date" date NOT NULL, "type" character varying(60) NOT NULL DEFAULT '', "source" character varying(100) NOT NULL DEFAULT '', "competitor" character varying(150) NOT NULL DEFAULT '', "note" text NOT NULL DEFAULT '', "line" character varying(100) NOT NULL DEFAULT '', "next_step" character varying(300) NOT NULL DEFAULT '', "offer_price" numeric(16,4), "payment_days" integer, "probability" numeric(5,2), "bant_b" boolean NOT NULL DEFAULT false, "bant_a" boolean NOT NULL DEFAULT false, "bant_n" boolean NOT NULL DEFAULT false, "bant_t" boolean NOT NULL DEFAULT false, "fc" character varying(40), "health_grade" character varying(4), "health_label" character varying(40), "health_note" character varying(300) NOT NULL DEFAULT '', "close_reason" character varying(100) NOT NULL DEFAULT '', "close_category" character varying(100) NOT NULL DEFAULT '', "detail_status" character varying(100) NOT NULL DEFAULT '', "closed_at" TIMESTAMP WITH TIME ZONE, "tags" text array NOT NULL DEFAULT '{}', "revived_from_id" integer, "revived_to_id" integer, "last_activity_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5daf29c9ccb458777ee5c5ba030" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_fae0feee8d5b2faec24ea7c48c" ON "opportunities"  ("workspace_id", "is_open", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_e8a7cfdef342bbf03979e2129d" ON "opportunities"  ("workspace_id", "customer_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_33bc2457e2405201511fb8820a" ON "opportunities"  ("workspace_id", "stage", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_982a9d13bb21f006c8bfcdb536" ON "opportunities"  ("workspace_id", "owner_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_52ed50ede3d18ae63d87061460" ON "opportunities"  ("workspace_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE TABLE "opp_steps" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "opp_id" integer NOT NULL, "stage" character varying(40) NOT NULL, "title" character varying(200) NOT NULL, "position" integer NOT NULL DEFAULT '0', "done" boolean NOT NULL DEFAULT false, "auto" boolean NOT NULL DEFAULT false, "bant_key" character varying(1), "due_date" date, "note" character varying(250) NOT NULL DEFAULT '', "assignee_id" integer, "done_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_032cc4d47afbc522638dda2d141" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_7f8e869bbef05b4df6bd138760" ON "opp_steps"  ("workspace_id", "opp_id", "id") `);
        await queryRunner.query(`CREATE TABLE "people" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "customer_id" integer, "name" character varying(200) NOT NULL, "name_norm" character varying(200) NOT NULL, "title" character varying(150) NOT NULL DEFAULT '', "department" character varying(100) NOT NULL DEFAULT '', "email" character varying(254) NOT NULL DEFAULT '', "phone" character varying(50) NOT NULL DEFAULT '', "wa" character varying(50) NOT NULL DEFAULT '', "note" text NOT NULL DEFAULT '', "is_main" boolean NOT NULL DEFAULT false, "is_former" boolean NOT NULL DEFAULT false, "origin" character varying(20) NOT NULL DEFAULT 'manual', "owner_id" integer NOT NULL, "active" boolean NOT NULL DEFAULT true, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a90aa5c421252f1bdb17411a93e" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_0de946c4321434c310e37600b5" ON "people"  ("workspace_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_6c2db7e9f54a3251162d93ff88" ON "people"  ("workspace_id", "name_norm") `);
        await queryRunner.query(`CREATE INDEX "IDX_6d068ac99503bb09a5e8c086cf" ON "people"  ("workspace_id", "email") `);
        await queryRunner.query(`CREATE INDEX "IDX_95e9cb41d691dfe8cd047d9343" ON "people"  ("workspace_id", "owner_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_5a29968be675d3a62032ceed93" ON "people"  ("workspace_id", "customer_id", "id") `);
        await queryRunner.query(`CREATE TABLE "record_opens" ("workspace_id" integer NOT NULL, "user_id" integer NOT NULL, "record_type" character varying(20) NOT NULL, "record_id" integer NOT NULL, "opened_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6bb944c22c04cbff399d5af39aa" PRIMARY KEY ("workspace_id", "user_id", "record_type", "record_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_717737d009888dd6bff3a62875" ON "record_opens"  ("workspace_id", "user_id", "record_type", "opened_at") `);
        await queryRunner.query(`CREATE TABLE "tasks" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "title" character varying(300) NOT NULL, "description" text NOT NULL DEFAULT '', "due_date" date, "priority" character varying(40) NOT NULL, "status" character varying(40) NOT NULL, "assignee_id" integer NOT NULL, "owner_id" integer NOT NULL, "customer_id" integer, "person_id" integer, "opp_id" integer, "done_at" TIMESTAMP WITH TIME ZONE, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5a365a683c5bc96782a8a9aa7d9" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_daaee86e602861520f0ecb25ab" ON "tasks"  ("workspace_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_83e903ade76f1a9a9ee742134f" ON "tasks"  ("workspace_id", "customer_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_782477eb5c5a6a58359fb35b1b" ON "tasks"  ("workspace_id", "opp_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_dfce2470e61a37f7c93b3df7e0" ON "tasks"  ("workspace_id", "assignee_id", "status", "due_date") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_dfce2470e61a37f7c93b3df7e0"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_782477eb5c5a6a58359fb35b1b"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_83e903ade76f1a9a9ee742134f"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_daaee86e602861520f0ecb25ab"`);
        await queryRunner.query(`DROP TABLE "tasks"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_717737d009888dd6bff3a62875"`);
        await queryRunner.query(`DROP TABLE "record_opens"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5a29968be675d3a62032ceed93"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_95e9cb41d691dfe8cd047d9343"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6d068ac99503bb09a5e8c086cf"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6c2db7e9f54a3251162d93ff88"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_0de946c4321434c310e37600b5"`);
        await queryRunner.query(`DROP TABLE "people"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_7f8e869bbef05b4df6bd138760"`);
        await queryRunner.query(`DROP TABLE "opp_steps"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_52ed50ede3d18ae63d87061460"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_982a9d13bb21f006c8bfcdb536"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_33bc2457e2405201511fb8820a"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_e8a7cfdef342bbf03979e2129d"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_fae0feee8d5b2faec24ea7c48c"`);
        await queryRunner.query(`DROP TABLE "opportunities"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_88dca311fd379054e165f73310"`);
        await queryRunner.query(`DROP TABLE "opp_logs"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9a3a6c7b3eec43834d7faa946d"`);
        await queryRunner.query(`DROP TABLE "notes"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_aa3dc39b75a4e946a12401badd"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_c7f9ba5f16c01750686c47bf8f"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_0b2bacc6e02fc097fae58347e2"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_1a6677e9c526b193bab89ca6cc"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_bfd05a9715e1a61d135a4306ed"`);
        await queryRunner.query(`DROP TABLE "companies"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_212b4b1faa85722da015f0aee1"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_1e78ea6332e721b1c41ba645e8"`);
        await queryRunner.query(`DROP TABLE "calendar_entries"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_498a335a8a902aafad6b9a02a6"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_3ce44402e7e53d6159f27c2736"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_665018b9768d0daf0bec8fa5b2"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_11d0b4ba1225badfacedd84b55"`);
        await queryRunner.query(`DROP TABLE "activities"`);
    }

}

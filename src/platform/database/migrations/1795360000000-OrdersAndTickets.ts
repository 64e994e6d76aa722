import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders (spec 2.8, 3.5, 4.5), the ERP order queue (spec 2.9, 4.6: served by the ERP interface) and
 * support tickets.
 *
 * 1. Tables `orders`, `erp_queue` (one open `waiting` entry per order: partial unique index; waiting
 *    entries oldest first: partial index on id) and `tickets`, every index leading with workspace_id.
 * 2. Existing workspaces get the order and ticket status constants where they have none
 *    (`DEFAULTS || constants`, so every key a workspace already has wins). A frozen copy of the
 *    defaults of that day (now in the orders' and tickets' constants blocks, src/domain/crm/orders/orders.constants.ts
 *    and src/domain/crm/tickets/tickets.constants.ts).
 */
const DEFAULTS = {
  order_statuses: ['new', 'sent', 'open', 'shipped', 'invoiced', 'closed'],
  order_new_status: 'new',
  order_erp_statuses: ['sent', 'open', 'shipped', 'invoiced', 'closed'],
  order_sent_status: 'sent',
  ticket_statuses: ['Open', 'In progress', 'Waiting', 'Resolved', 'Closed'],
  ticket_new_status: 'Open',
  ticket_closed_statuses: ['Resolved', 'Closed'],
};

export class OrdersAndTickets1795360000000 implements MigrationInterface {
  name = 'OrdersAndTickets1795360000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "erp_queue" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "order_id" integer NOT NULL, "state" character varying(16) NOT NULL DEFAULT 'waiting', "attempts" integer NOT NULL DEFAULT '0', "claimed_until" TIMESTAMP(3) WITH TIME ZONE, "claimed_at" TIMESTAMP(3) WITH TIME ZONE, "payload" jsonb NOT NULL, "ext_no" character varying(60) NOT NULL DEFAULT '', "last_error" text NOT NULL DEFAULT '', "done_at" TIMESTAMP(3) WITH TIME ZONE, "queued_by" integer, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_77e393e645f1f99bffa5a0fef66" PRIMARY KEY ("workspace_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_aa0a42d049216d8cb1c49fee03" ON "erp_queue"("workspace_id", "order_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_erp_queue_waiting" ON "erp_queue"("workspace_id", "id") WHERE "state" = 'waiting'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_erp_queue_open_order" ON "erp_queue"("workspace_id", "order_id") WHERE "state" = 'waiting'`);
    await queryRunner.query(`CREATE TABLE "orders" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "customer_id" integer NOT NULL, "opp_id" integer, "product_id" integer, "customer_po" character varying(60) NOT NULL DEFAULT '', "date" date NOT NULL, "due_date" date, "kg" numeric(14,3) NOT NULL, "price" numeric(14,4) NOT NULL, "amount" numeric(16,2) NOT NULL, "currency" character varying(3) NOT NULL, "unit" character varying(16) NOT NULL, "kind" character varying(40) NOT NULL, "status" character varying(40) NOT NULL, "payment_days" integer NOT NULL DEFAULT '0', "note" text NOT NULL DEFAULT '', "owner_id" integer NOT NULL, "erp_state" character varying(16), "erp_ext_no" character varying(60) NOT NULL DEFAULT '', "erp_error" text NOT NULL DEFAULT '', "is_sample" boolean NOT NULL DEFAULT false, "created_by" integer, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9a959a827c548df619ba1977379" PRIMARY KEY ("workspace_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_93c1738dc9eef6e6f0dae3a405" ON "orders"("workspace_id", "updated_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_b16ab9700a9e0009993feae30c" ON "orders"("workspace_id", "status", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_2b488dff142bc82b5fcf06e1a7" ON "orders"("workspace_id", "owner_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_29d391cfc137d2074695c0daf3" ON "orders"("workspace_id", "opp_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_e8550fdc1d45260291911e75e3" ON "orders"("workspace_id", "customer_id", "id")`);
    await queryRunner.query(`CREATE TABLE "tickets" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "subject" character varying(300) NOT NULL, "body" text NOT NULL DEFAULT '', "priority" character varying(40) NOT NULL, "status" character varying(40) NOT NULL, "who" character varying(200) NOT NULL, "customer_id" integer, "person_id" integer, "assignee_id" integer, "owner_id" integer NOT NULL, "due_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "closed_at" TIMESTAMP(3) WITH TIME ZONE, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e91fdcf193d91f71fe5306afb8b" PRIMARY KEY ("workspace_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_571c35c488e09581d15fad2397" ON "tickets"("workspace_id", "updated_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_3eb369acea6b8509397392e2d7" ON "tickets"("workspace_id", "customer_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_b14212a4262a68bdd10217f12f" ON "tickets"("workspace_id", "status", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_8e5f4d8ae134320819c6e55622" ON "tickets"("workspace_id", "assignee_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_b1ae5589567900217c81734d21" ON "tickets"("workspace_id", "owner_id", "id")`);
    await queryRunner.query(`UPDATE "workspaces" SET "constants" = $1::jsonb || "constants"`, [JSON.stringify(DEFAULTS)]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "workspaces" SET "constants" = "constants" - $1::text[]`, [Object.keys(DEFAULTS)]);
    await queryRunner.query(`DROP INDEX "IDX_b1ae5589567900217c81734d21"`);
    await queryRunner.query(`DROP INDEX "IDX_8e5f4d8ae134320819c6e55622"`);
    await queryRunner.query(`DROP INDEX "IDX_b14212a4262a68bdd10217f12f"`);
    await queryRunner.query(`DROP INDEX "IDX_3eb369acea6b8509397392e2d7"`);
    await queryRunner.query(`DROP INDEX "IDX_571c35c488e09581d15fad2397"`);
    await queryRunner.query(`DROP TABLE "tickets"`);
    await queryRunner.query(`DROP INDEX "IDX_e8550fdc1d45260291911e75e3"`);
    await queryRunner.query(`DROP INDEX "IDX_29d391cfc137d2074695c0daf3"`);
    await queryRunner.query(`DROP INDEX "IDX_2b488dff142bc82b5fcf06e1a7"`);
    await queryRunner.query(`DROP INDEX "IDX_b16ab9700a9e0009993feae30c"`);
    await queryRunner.query(`DROP INDEX "IDX_93c1738dc9eef6e6f0dae3a405"`);
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`DROP INDEX "IDX_erp_queue_open_order"`);
    await queryRunner.query(`DROP INDEX "IDX_erp_queue_waiting"`);
    await queryRunner.query(`DROP INDEX "IDX_aa0a42d049216d8cb1c49fee03"`);
    await queryRunner.query(`DROP TABLE "erp_queue"`);
  }
}

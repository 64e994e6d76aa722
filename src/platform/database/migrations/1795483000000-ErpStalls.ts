import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ERP connector stalls (the ERP stall alert of the orders feature): one row per stall, raised by housekeeping when
 * nothing polled while an order waited, cleared when a poll came. The partial unique index allows one open
 * stall per workspace: the raise is an INSERT … ON CONFLICT DO NOTHING, so of several instances one raises it.
 */
export class ErpStalls1795483000000 implements MigrationInterface {
  name = 'ErpStalls1795483000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "erp_stalls" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "raised_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "last_poll_at" TIMESTAMP(3) WITH TIME ZONE, "oldest_waiting_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "waiting" integer NOT NULL, "cleared_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "PK_erp_stalls" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_erp_stalls_open" ON "erp_stalls" ("workspace_id") WHERE "cleared_at" IS NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "erp_stalls"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ERP order exchange: the claim must not walk past entries whose lease still runs. Waiting
 * entries never claimed (or released by a failure report) have their own partial index in id order;
 * leased ones are found by lease end. Replaces the single partial index on waiting entries.
 */
export class ErpExchange1795430000000 implements MigrationInterface {
  name = 'ErpExchange1795430000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_erp_queue_waiting"`);
    await queryRunner.query(`CREATE INDEX "IDX_erp_queue_fresh" ON "erp_queue" ("workspace_id", "id") WHERE "state" = 'waiting' AND "claimed_until" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_erp_queue_leased" ON "erp_queue" ("workspace_id", "claimed_until") WHERE "state" = 'waiting' AND "claimed_until" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_erp_queue_leased"`);
    await queryRunner.query(`DROP INDEX "IDX_erp_queue_fresh"`);
    await queryRunner.query(`CREATE INDEX "IDX_erp_queue_waiting" ON "erp_queue" ("workspace_id", "id") WHERE "state" = 'waiting'`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ERP queue fencing: each claim gives the entry a new lease token; a report or lease extension
 * carrying another token is refused (the lease was taken over). `dead_reason` says why an entry is a dead
 * letter (`rejected` by the ERP, or `attempts` after too many failed claims); `version` counts supersessions.
 */
export class ErpLeaseTokens1795476000000 implements MigrationInterface {
  name = 'ErpLeaseTokens1795476000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "erp_queue" ADD "lease_token" character varying(36)`);
    await q.query(`ALTER TABLE "erp_queue" ADD "dead_reason" character varying(16) NOT NULL DEFAULT ''`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "erp_queue" DROP COLUMN "dead_reason"`);
    await q.query(`ALTER TABLE "erp_queue" DROP COLUMN "lease_token"`);
  }
}
